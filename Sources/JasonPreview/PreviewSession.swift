import JasonDebugger
import JasonJSON
import JasonRuntime

/// The page's face of the debugging engine: the only owner of the debugger (and so of the interpreter).
/// It runs the program through the engine, takes the pages' commands between actions, and publishes
/// what changed (the view on top, the variables, the trace) through the link. Pause, Step, Continue and
/// Back move on the engine's one timeline, as the REPL's commands do: going back keeps the recorded
/// future, and stepping forward again replays it.
///
/// Timers run on the wall clock: when nothing is due, the session sleeps until the next timer is due or
/// a command arrives.
package final class PreviewSession {
    /// What the user asked for: to let the program run, or to hold it (taps then wait for Step or Continue).
    package enum Mode: String, Sendable {
        case running, paused
    }

    let debugger: Debugger
    let link: PreviewLink
    /// Diagnostics as text for the page's output (the CLI's transformer).
    let describe: @Sendable (Diagnostic) -> String
    let tracer: TraceCollector
    package internal(set) var mode = Mode.running
    /// The last thing the engine said: paused, idle, or yielded in the middle of a run.
    var event = SessionEvent.idle
    var shownView: ServerMessage.ViewPicture?
    var shownState: ServerMessage.StatePicture?
    /// Diagnostics already sent to the pages.
    var shownDiagnostics = DiagnosticCursor()
    /// The files of the open views as last seen (live reload, SessionReload.swift).
    var fileStamps: [String: FileStamp] = [:]
    /// When they were last looked at.
    var lastWatch: ContinuousClock.Instant?
    /// Actions since the pages were last shown the state, during a long run.
    private var burst = 0

    var interpreter: any RunView { debugger.run }

    /// A session over `document`; `setup` gives the registry (with the overlay actions) and the
    /// environment (wall clock, stubs). `console` is where actions print (the page's output pane).
    package init(document: Document, setup: SessionSetup, console: any Console, link: PreviewLink,
                 describe: @escaping @Sendable (Diagnostic) -> String) {
        var setup = setup
        let tracer = TraceCollector(clock: setup.environment(console).clock)
        setup.observers.append(tracer)
        debugger = Debugger(document: document, setup: setup, console: console)
        self.tracer = tracer
        self.link = link
        self.describe = describe
        debugger.yields = { [unowned self] in
            burst += 1
            // A body drawn anew is shown before the next action runs, so the page draws in the order the
            // actions ran (a toast after a $render comes after the new body, not before it).
            return burst % 100 == 0 || link.hasCommands || bodyChanged
        }
    }

    /// Starts the document (as `jasonrun FLOW` does) and serves the pages until the task is cancelled.
    package func run(jason: JSON? = nil, paused: Bool = false) async {
        await debugger.start(jason: jason)
        if paused {
            mode = .paused
            // Start the first chain, so the panel shows the action it is paused before.
            debugger.session.setMode(.stepInto)
            event = await debugger.submit(nil)
        }
        publish()
        while !Task.isCancelled {
            await reloadEditedDocuments()
            for command in link.takeCommands() { await handle(command) }
            if case .yielded = event {
                publish()
                await Task.yield()
                event = await debugger.proceed()
                continue
            }
            if mode == .running, debugger.pausedStep == nil {
                burst = 0
                debugger.session.setMode(.run)
                event = await debugger.submit(nil)
                if case .yielded = event { continue }
            }
            publish()
            let clock = interpreter.environment.clock
            let due = mode == .running && debugger.pausedStep == nil ? interpreter.timers.nextDue.map { $0 - clock.now } : nil
            if interpreter.hasQueuedCalls && mode == .running { continue }
            await link.doorbell.wait(seconds: min(due ?? Self.watchInterval, Self.watchInterval))
        }
    }
}
