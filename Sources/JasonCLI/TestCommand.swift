import ArgumentParser
import Foundation
import JasonJSON
import JasonRuntime
import JasonTesting

/// `jasonrun test [PATH...]`: runs the cases of `*.test.json` files (Docs/Testing.md).
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run flow tests: the cases of *.test.json files, each in a fresh interpreter.",
        discussion: """
            Exit status: 0 every case passed, 1 a case failed, 65 a test file is invalid (no case runs), \
            66 a path does not exist.
            """)

    @Argument(help: "Test files, or folders searched for *.test.json (default: the current folder).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Write JUnit XML here: a testsuite per file, a testcase per case.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write lcov coverage of the flows here, and print a summary.", valueName: "file"))
    var coverage: String?

    @Flag(help: "Rewrite the expectations of failing cases from what they did (shows the diff first).")
    var update = false

    @Option(help: "How many cases run at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Seed Math.random() with N in every case that names no \"seed\" of its own.", valueName: "N"))
    var seed: UInt64?

    @OptionGroup var fileOptions: FileOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }

    func execute(io: any TerminalIO) async -> Int32 {
        let outcome = await TestRun(paths: paths, files: fileOptions.values, seed: seed, jobs: jobs).run(io: io)
        guard case .ran(let results, let failed) = outcome else {
            if case .stopped(let status) = outcome { return status }
            return ExitStatus.internalError
        }

        if let junit, !write(JUnitReport.xml(results), to: junit, io: io) { return ExitStatus.usage }
        if let coverage {
            let measured = Coverage.merge(results.flatMap { result in
                Coverage.measureAll(result.cases.lazy.compactMap(\.run.document).first ?? result.file.document,
                                    visits: result.cases.flatMap { $0.run.visits + $0.run.returns })
            })
            guard write(Coverage.lcov(measured), to: coverage, io: io) else { return ExitStatus.usage }
            io.writeErr(Coverage.summary(measured))
        }
        if update {
            for result in results where result.failed > 0 {
                let (text, changes) = SnapshotUpdate.update(result)
                guard let text else { continue }
                for change in changes {
                    io.writeOut("--- \(result.file.source.name): \(change.caseName): expect\n")
                    io.writeOut(SnapshotUpdate.diff(change.before, change.after).map { $0 + "\n" }.joined())
                }
                if write(text, to: result.file.source.name, io: io) {
                    io.writeOut("updated \(result.file.source.name) (\(changes.count) case\(changes.count == 1 ? "" : "s"))\n")
                }
            }
        }
        return failed == 0 ? ExitStatus.ok : ExitStatus.unhandledError
    }

    func write(_ text: String, to path: String, io: any TerminalIO) -> Bool {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return true
        } catch {
            io.writeErr("jasonrun: \(path): cannot write: \(error.localizedDescription)\n")
            return false
        }
    }
}

/// Finding, loading and running test files, with a line per case and the count: the one function behind
/// `jasonrun test` and MCP's `test`.
struct TestRun {
    var paths: [String]
    var files = FileOptions.Values()
    /// Seeds `Math.random()` in every case that names no seed of its own.
    var seed: UInt64?
    var jobs: Int?

    enum Outcome {
        /// Every file loaded and every case ran; `failed` cases failed.
        case ran([FileResult], failed: Int)
        /// A path is missing or a test file is invalid: nothing ran.
        case stopped(Int32)
    }

    func run(io: any TerminalIO) async -> Outcome {
        let (found, missing) = TestDiscovery.files(paths)
        for path in missing { io.writeErr("jasonrun: \(path): no such file or folder\n") }
        if !missing.isEmpty { return .stopped(ExitStatus.noInput) }
        if found.isEmpty {
            io.writeErr("jasonrun: no test files (*\(TestDiscovery.suffix)) in \(paths.isEmpty ? "." : paths.joined(separator: ", "))\n")
        }
        var loaded: [TestFile] = []
        var invalid = false
        for path in found {
            let reading = Reading(allowRead: files.allowRead, maxFileSize: files.maxFileSize)
            do { loaded.append(try TestFile.load(path: path, reading: reading)) } catch {
                io.writeErr(DiagnosticFormatter(sources: error.sources).format(error.diagnostic))
                invalid = true
            }
        }
        if invalid { return .stopped(ExitStatus.invalidDocument) }
        if let seed {
            for f in loaded.indices {
                for c in loaded[f].cases.indices where loaded[f].cases[c].limits.seed == nil { loaded[f].cases[c].limits.seed = seed }
            }
        }
        let results = await SuiteRunner.run(loaded, width: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let report = TestReport()
        for result in results { io.writeOut(report.lines(for: result)) }
        let failed = results.reduce(0) { $0 + $1.failed }
        let passed = results.reduce(0) { $0 + $1.cases.count } - failed
        io.writeOut("\(passed) passed, \(failed) failed\n")
        return .ran(results, failed: failed)
    }
}
