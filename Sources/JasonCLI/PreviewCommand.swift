import ArgumentParser
import Foundation
import JasonActions
import JasonDebugger
import JasonJSON
import JasonPreview
import JasonRuntime

/// `jasonrun preview FLOW.json`: runs the flow as `jasonrun FLOW.json` does, with a web page on
/// 127.0.0.1 as its screen (Docs/Preview.md).
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Run a flow with a browser page as its screen: taps, input, overlays, a trace and stepping.",
        discussion: """
            Prints the page's URL (http://127.0.0.1:PORT/?token=…, the token new each run; the page and its socket \
            answer only to it) as the first line on standard output, then what the \
            actions print. Timers run on the wall clock. Stop it with Ctrl-C. Exit status: 0 stopped, \
            64 usage, 65 invalid document, 66 no such file, 69 the port cannot be listened on (in use), \
            70 internal error (the page's files are missing).
            """)

    @Argument(help: "The flow to show: a {\"$jason\": …} document or one action object.")
    var file: String

    @Option(help: ArgumentHelp("The port on 127.0.0.1 to listen on (0, the default, takes any free port).",
                               valueName: "port"))
    var port: Int = 0

    @Flag(help: "Start paused before the first action: the side panel's step and continue go on.")
    var paused = false

    @Option(help: "Stop after this many actions (default 1,000,000; 0 for no limit).")
    var maxSteps: Int = 1_000_000

    @Option(help: "How many actions Back can go back (default 100,000; 0 for no limit).")
    var stepHistory: Int = 100_000

    @OptionGroup var seed: SeedOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var answers: StubOptions
    @OptionGroup var files: FileOptions

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port takes 0 to 65535") }
        if maxSteps < 0 { throw ValidationError("--max-steps must be 0 or more") }
        if stepHistory < 0 { throw ValidationError("--step-history must be 0 or more") }
    }

    func execute(io: any TerminalIO) async -> Int32 {
        let clock = WallClock()
        let launch: RunLaunch
        do {
            launch = try RunLaunch(RunLaunch.Request(file: file, seeds: seed.values, stubs: answers.stubs, offline: answers.offline,
                                                     files: files.values, clock: clock))
        } catch {
            io.writeErr(error.message)
            return error.status
        }
        let (document, seeds, reading, formatter) = (launch.document!, launch.seeds, launch.files, launch.formatter)
        guard let page = PageFiles.locate() else {
            let places = PageFiles.candidates.map(\.path).joined(separator: "\n  ")
            io.writeErr("jasonrun: the preview's page files are missing; looked in:\n  \(places)\n")
            return ExitStatus.internalError
        }
        for warning in document.lint() { io.writeErr(formatter.format(warning)) }

        let link = PreviewLink()
        let stores = seeds.stores(store.stores)
        let viewURL = launch.viewURL
        let start = Date().timeIntervalSince1970
        var registry = StandardLibrary.registry
        OverlayActions.install(in: &registry, link: link)
        let agentFrames = AgentFrames(bridge: page.file("agent-bridge.js").map { String(decoding: $0.bytes, as: UTF8.self) } ?? "")
        registry.register(group: "agent", AgentActions.handlers(runner: FrameAgents(link: link, frames: agentFrames)))
        var setup = SessionSetup(registry: registry) { console in
            launch.environment(console: console, stores: stores, startDate: start)
        }
        setup.maxSteps = maxSteps == 0 ? nil : maxSteps
        setup.keptSteps = stepHistory == 0 ? nil : stepHistory
        setup.files = reading
        let describe = formatter
        // Each diagnostic once, in the page's output and in the terminal.
        let session = PreviewSession(document: document, setup: setup,
                                     console: PreviewConsole(link: link) { io.writeOut($0 + "\n") }, link: link) {
            let text = describe.format($0)
            io.writeErr(text)
            return text
        }
        var server = PreviewServer(link: link, page: page, port: port)
        server.agentFrames = agentFrames
        server.localFiles = { written in
            let absolute = ActionNetwork.absoluteURL(written, from: viewURL, first: viewURL)
            guard let url = URL(string: absolute), url.isFileURL else {
                return .failure(PreviewServer.LocalFileRefusal("\(written) is not a local file"))
            }
            return reading.contents(of: url.path).mapError { PreviewServer.LocalFileRefusal($0.description) }
        }
        let outcome = await PreviewHost.serve(session, server: server, jason: seeds.jason, paused: paused) { url in
            io.writeOut(url + "\n")
        }
        switch outcome {
        case .stopped:
            return ExitStatus.ok
        case .cannotListen(let why):
            io.writeErr("jasonrun: \(why)\n")
            return ExitStatus.unavailable
        }
    }
}
