import ArgumentParser
import Foundation
import JasonJSON
import JasonRuntime
import JasonTesting

/// `jasonrun graph FLOW`: the document's action graph as DOT, Mermaid or SVG (Docs/Testing.md).
struct GraphCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid, svg
    }

    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw a flow's actions: success and error edges, conditions, triggers, $href and timers.",
        discussion: "svg needs Graphviz's dot on the PATH. Exit status: 0 ok, 65 invalid document, 66 no such file, 69 no dot.")

    @Argument(help: "The flow to draw.")
    var file: String

    @Option(help: ArgumentHelp("dot, mermaid or svg (through Graphviz).", valueName: "format"))
    var format: Format = .dot

    @Option(help: ArgumentHelp("An lcov file (from --coverage): what never ran is coloured.", valueName: "file"))
    var coverage: String?

    @OptionGroup var files: FileOptions

    /// EX_UNAVAILABLE: a tool the command needs is not installed.
    static let unavailable: Int32 = 69

    func execute(io: any TerminalIO) async -> Int32 {
        let source: SourceFile
        do throws(FileOptions.Problem) { source = try files.source(file, io: io) } catch { return error.status }
        let document: Document
        do { document = try Document.load(source).resolvingFileMixins(access: files.access(home: FileOptions.folder(of: file))).0 } catch {
            io.writeErr(DiagnosticFormatter(sources: [source]).format(error))
            return ExitStatus.invalidDocument
        }
        var lcov: LcovData?
        if let coverage {
            let data: [UInt8]
            switch LocalFile.read(coverage, maximumSize: files.maxFileSize) {
            case .success(let bytes): data = bytes
            case .failure(let problem):
                io.writeErr("jasonrun: \(problem.isMissing ? coverage + ": no such file or not readable" : problem.description)\n")
                return problem.isMissing ? ExitStatus.noInput : ExitStatus.invalidDocument
            }
            do { lcov = try LcovData(parsing: String(decoding: data, as: UTF8.self)) } catch {
                io.writeErr("jasonrun: \(coverage):\(error.line): \(error.message)\n")
                return ExitStatus.invalidDocument
            }
        }
        let graph = FlowGraph(document, coverage: lcov)
        switch format {
        case .dot: io.writeOut(graph.dot)
        case .mermaid: io.writeOut(graph.mermaid)
        case .svg:
            switch Graphviz.layOut(graph.dot) {
            case .success(let svg): io.writeOut(svg)
            case .failure(let problem):
                io.writeErr("jasonrun: \(problem.message)\n")
                return problem.missing ? Self.unavailable : ExitStatus.internalError
            }
        }
        return ExitStatus.ok
    }
}

/// Graphviz's `dot`, run as a process: DOT in, SVG out.
enum Graphviz {
    struct Problem: Error {
        var message: String
        var missing = false
    }

    /// The `dot` on the PATH, if any.
    static func executable(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = String(folder) + "/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func layOut(_ dot: String, format: String = "svg") -> Result<String, Problem> {
        guard let executable = executable() else {
            return .failure(Problem(message: "--format svg needs Graphviz's dot, which is not on the PATH "
                                    + "(install it: apt-get install graphviz, or run scripts/setup.sh; --format dot needs nothing)",
                                    missing: true))
        }
        // The DOT goes through a file: nothing to deadlock on, however large the graph.
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("jasonrun-graph-\(UUID().uuidString).dot")
        do { try dot.write(to: input, atomically: true, encoding: .utf8) } catch {
            return .failure(Problem(message: "cannot write \(input.path): \(error.localizedDescription)"))
        }
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-T" + format, input.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            return .failure(Problem(message: "could not start \(executable): \(error.localizedDescription)", missing: true))
        }
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(Problem(message: "dot failed (exit \(process.terminationStatus)): "
                                    + String(decoding: messages, as: UTF8.self)))
        }
        return .success(String(decoding: svg, as: UTF8.self))
    }
}
