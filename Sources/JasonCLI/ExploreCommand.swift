import ArgumentParser
import Foundation
import JasonActions
import JasonExplore
import JasonJSON
import JasonRuntime
import JasonTesting

/// `jasonrun explore FLOW`: every path through a flow where the outside world answers, the unhandled
/// ones found, tests written (Docs/Testing.md, "Every path").
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Follow every answer requests, devices and people may give a flow; find the paths that end in an unhandled error.",
        discussion: """
            Exit status: 0 every path ends well, 1 one ends in an unhandled error or never ends, 64 bad usage, 65 invalid document \
            or stubs, 66 no such file.
            """)

    @Argument(help: "The flow to explore; '-' reads standard input.")
    var file: String

    @Option(help: ArgumentHelp("A stub file: each response or answer it lists is one more path to follow.", valueName: "file"))
    var stubs: String?

    @Option(help: ArgumentHelp("Stop after this many paths (default 1000).", valueName: "n"))
    var maxPaths = 1_000

    @Option(help: ArgumentHelp("Follow at most this many answers from outside on one path (default 50).", valueName: "n"))
    var maxDepth = 50

    @Flag(help: "Also explore from each tap of the screen (the entry points of jasonrun graph), once the start has run.")
    var taps = false

    @Flag(help: "Print the report as one JSON document.")
    var json = false

    @Option(help: ArgumentHelp("Write a test file with a case per path, which `jasonrun test` passes.", valueName: "out.test.json"))
    var writeTests: String?

    @Option(help: ArgumentHelp("Seed Math.random() with N on every path.", valueName: "N"))
    var seed: UInt64?

    @OptionGroup var files: FileOptions

    func validate() throws {
        if maxPaths < 1 { throw ValidationError("--max-paths must be 1 or more") }
        if maxDepth < 0 { throw ValidationError("--max-depth must be 0 or more") }
        if file == "-", writeTests != nil {
            throw ValidationError("--write-tests needs the flow in a file: the test file names it by its path")
        }
        if let writeTests, !writeTests.hasSuffix(".test.json") {
            throw ValidationError("--write-tests names a *.test.json file (jasonrun test finds those)")
        }
    }

    func execute(io: any TerminalIO) async -> Int32 {
        var options = ExploreOptions(file: file, stubs: stubs, maxPaths: maxPaths, maxDepth: maxDepth, taps: taps, seed: seed,
                                     writeTests: writeTests, files: files.values)
        if file == "-" { options.input = io.readAllInput() }
        switch await options.explore() {
        case .failure(let failure):
            io.writeErr(failure.message)
            return failure.status
        case .success(let explored):
            io.writeOut(json ? JSONPrinter.pretty(explored.report.json) + "\n" : explored.report.text)
            if let note = explored.testsNote { io.writeErr(note) }
            return explored.report.failed ? ExitStatus.unhandledError : ExitStatus.ok
        }
    }
}

/// An exploration to make, as plain values: the one function behind `jasonrun explore` and MCP's `explore`.
struct ExploreOptions {
    var file: String
    var stubs: String?
    var maxPaths = 1_000
    var maxDepth = 50
    var taps = false
    var seed: UInt64?
    var writeTests: String?
    var files = FileOptions.Values()
    /// The flow's text when `file` is `-` (standard input).
    var input: [UInt8] = []

    struct Explored {
        var report: ExploreReport
        /// What `--write-tests` wrote (or why it could not).
        var testsNote: String?
    }

    func explore() async -> Result<Explored, RunLaunch.Failure> {
        let launch: RunLaunch
        do {
            launch = try RunLaunch(RunLaunch.Request(file: file, input: input, stubs: stubs, offline: true, files: files))
        } catch {
            return .failure(error)
        }
        guard let document = launch.document else { return .failure(RunLaunch.Failure(message: "jasonrun: no document\n", status: ExitStatus.usage)) }
        var testFlow: String?
        if let writeTests {
            switch Self.relative(file, from: writeTests) {
            case .success(let path): testFlow = path
            case .failure(let failure): return .failure(failure)
            }
        }
        var setup = ExploreSetup(document: document, viewURL: launch.viewURL, files: launch.files)
        var stubFile = StubFile()
        stubFile.network = launch.network.stubs ?? []
        stubFile.answers = launch.network.answers
        setup.stubs = stubFile
        setup.maxPaths = maxPaths
        setup.maxDepth = maxDepth
        setup.seed = seed
        var report = ExploreReport(flow: file)
        var writer = testFlow.map { TestWriter(flow: $0, seed: seed) }
        // A tap's item is where its `action` (or `href`) is written.
        let entries = taps ? document.componentActions().map { $0.node.path.pointer.tokens.dropLast().reduce(JSONPointer.root) { $0.appending($1) } } : []
        report.totals = await Explorer(setup).run(taps: entries) { path in
            report.add(path)
            writer?.add(path)
        }
        var explored = Explored(report: report)
        if let writer, let writeTests {
            do {
                try LocalFile.writePrivately(Array((JSONPrinter.pretty(writer.file) + "\n").utf8), to: writeTests)
                var note = "wrote \(writeTests): \(writer.cases.count) case\(writer.cases.count == 1 ? "" : "s")"
                if writer.leftOut > 0 { note += " (\(writer.leftOut) path\(writer.leftOut == 1 ? "" : "s") that never end left out)" }
                explored.testsNote = note + "\n"
            } catch {
                return .failure(RunLaunch.Failure(message: "jasonrun: \(error.description)\n", status: ExitStatus.usage))
            }
        }
        return .success(explored)
    }

    /// The flow's path as a test file at `testFile` names it: the test file must be in the flow's folder
    /// or above it, since a test file's `flow` may not leave its folder.
    static func relative(_ flow: String, from testFile: String) -> Result<String, RunLaunch.Failure> {
        let folder = LocalPath(testFile).folder
        let target = LocalPath(flow).path
        guard target.hasPrefix(folder == "/" ? "/" : folder + "/") else {
            return .failure(RunLaunch.Failure(
                message: "jasonrun: --write-tests \(testFile): a test file must be in its flow's folder or above it "
                    + "(a test file's \"flow\" may not leave its folder); write it beside \(flow)\n",
                status: ExitStatus.usage))
        }
        return .success(String(target.dropFirst(folder == "/" ? 1 : folder.count + 1)))
    }
}
