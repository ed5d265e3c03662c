import ArgumentParser
import Foundation
import JasonActions
import JasonDebugger
import JasonJSON
import JasonREPL
import JasonRuntime

/// `jasonrun repl [FLOW.json]`: the interactive REPL and debugger (Docs/REPL.md).
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Run actions typed in, and debug a flow: step, break, watch, go back.",
        discussion: """
            At a terminal, lines are edited with libedit (history, Tab completion); otherwise commands are \
            read from standard input without prompts, so a script can be piped in. $global, $session and \
            $cache live in memory for the session, so that 'back' can undo them.
            """)

    @Argument(help: "The flow to load (a document or one action).")
    var file: String?

    @Option(help: ArgumentHelp("Where the command history is kept (default $XDG_STATE_HOME/jasonrun/history).",
                               valueName: "file"))
    var history: String?

    @Flag(help: "Print each command read from a pipe after the prompt, so the output reads as a transcript.")
    var echo = false

    @Option(help: "How many steps back can go: the oldest snapshots past this are dropped (default 100,000; 0 for no limit).")
    var stepHistory: Int = 100_000

    @OptionGroup var limit: LimitOptions
    @OptionGroup var repeatable: RepeatOptions
    @OptionGroup var answers: StubOptions
    @OptionGroup var files: FileOptions

    func validate() throws {
        if stepHistory < 0 { throw ValidationError("--step-history must be 0 or more") }
    }

    func execute(io: any TerminalIO) async -> Int32 {
        // Without a first document, the folder the REPL was started in (documents loaded later are read from there).
        let home = file.map(FileOptions.folder) ?? FileManager.default.currentDirectoryPath
        var started: SessionStart
        do {
            started = SessionStart(try RunLaunch(RunLaunch.Request(file: file, stubs: answers.stubs, offline: answers.offline,
                                                                   files: files.values, home: home)),
                                   startDate: repeatable.startDate())
        } catch {
            io.writeErr(error.message)
            return error.status
        }
        started.setup.keptSteps = stepHistory == 0 ? nil : stepHistory
        started.setup.limits = limit.values.limits(defaultTimeLimit: nil)
        started.setup.scriptLimits = limit.values.scriptLimits
        started.setup.seed = repeatable.seed
        let (document, setup, formatter) = (started.document, started.setup, started.formatter)
        let historyFile = io.isTerminal ? Self.historyFile(history, io: io) : "/dev/null"
        let repl = await REPL(document: document, setup: setup, reader: { complete -> LineReader in
            if io.isTerminal, let editor = LibEditLineReader(historyFile: historyFile, complete: complete) { return editor }
            if io.isTerminal, let reason = LibEditLineReader.loadFailure {
                io.writeErr("jasonrun repl: no line editing or history (libedit could not be loaded: \(reason))\n")
            }
            return PlainLineReader { io.readInputLine() }
        }, asksUser: io.isTerminal, write: { io.writeOut($0) }, describe: { formatter.format($0) })
        repl.echo = echo && !io.isTerminal
        repl.actionHelp = { ActionReference.help(for: $0) }
        if io.isTerminal { io.writeOut("jasonrun repl: type help for the commands, quit or Ctrl-D to leave\n") }
        return await repl.run()
    }

    /// The history file, made private (0600; typed lines may hold secrets). The default one lives in the
    /// state folder, which must be private too; when it is refused, the history is not kept, and the
    /// warning says why.
    static func historyFile(_ given: String?, io: any TerminalIO) -> String {
        var path = given ?? ""
        if given == nil {
            do {
                try StateFolder.prepare(Stores.defaultDirectory)
                path = Stores.defaultDirectory + "/history"
            } catch {
                io.writeErr("jasonrun: warning: the command history is not kept: \(error.description)\n")
                return "/dev/null"
            }
        }
        StateFolder.makePrivateFile(path)
        return path
    }
}

/// What a REPL session starts from: its first document (if any), the setup of its runs (stubs, network,
/// stores in memory) and the formatter of its diagnostics, made from the run's launch. `jasonrun repl` and
/// the MCP server's `debug`.
struct SessionStart {
    var document: Document?
    var setup: SessionSetup
    var formatter: DiagnosticFormatter

    init(_ launch: RunLaunch, startDate: Double) {
        document = launch.document
        setup = SessionSetup(registry: StandardLibrary.registry) { console in
            launch.environment(console: console, stores: .inMemory(), startDate: startDate, clock: VirtualClock())
        }
        setup.files = launch.files
        formatter = launch.formatter
    }
}
