import JasonJSON
import JasonRuntime
import JasonScript

/// What a face needs from its host to build a run of a program: the actions, an environment for each
/// document it loads, and the limits of the timeline.
package struct SessionSetup: Sendable {
    package var registry: ActionRegistry
    package var environment: @Sendable (any Console) -> ActionEnvironment
    /// How many steps `back` can go: the debugger keeps a snapshot per action, and drops the oldest past
    /// this many (nil for no limit).
    package var keptSteps: Int? = 100_000
    /// The run's limits. Time passes only when a face lets it, so by default there is no time limit.
    package var limits: Interpreter.Limits = {
        var limits = Interpreter.Limits()
        limits.timeLimit = nil
        return limits
    }()
    /// How long and how large one `{{ }}` evaluation may grow.
    package var scriptLimits = ScriptLimits()
    /// `Math.random()`'s seed (`--seed`); nil for JavaScript's own.
    package var seed: UInt64?
    package var maxSteps: Int? {
        get { limits.maxSteps }
        set { limits.maxSteps = newValue }
    }
    /// Observers of every action boundary besides the debugger's own (the preview's trace).
    package var observers: [any ExecutionObserver] = []
    /// What a face may load into the session (the REPL's `load`): the run's confinement, so that a command
    /// typed by an assistant reads no more than the flow could. By default the working folder.
    package var files = FileAccess(folders: ["."])

    package init(registry: ActionRegistry, environment: @escaping @Sendable (any Console) -> ActionEnvironment) {
        self.registry = registry
        self.environment = environment
    }
}

/// The debugging engine every face drives (the REPL, the debug adapter, the preview): it runs the
/// interpreter one `step()` at a time, deciding before each action whether to stop, and keeps the run's
/// state at every action it reaches (the last `keptSteps`) on one timeline. `back` restores a moment
/// (exact, and as fast after a million actions as after one); going forward again over that recorded
/// past replays it, printing what it printed, instead of asking the world again.
///
/// Used from one task; faces on other tasks reach it through `interruption` only.
package final class Debugger {
    /// The run as it was when an action was about to be performed. One is kept per action, so what is
    /// seldom set sits behind a reference.
    struct Moment {
        var snapshot: RunSnapshot
        /// What performing that action (and what ran after it, up to the next moment) printed.
        var printed: [SessionConsole.Printed] = []
        /// The action, when it failed as it was performed (its `$jason` the error payload).
        var failed: Boxed<ActionStep>?
        /// How the last chain before this moment ended, if it failed.
        let lastFailure: Boxed<Diagnostic>?
    }

    final class Boxed<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    package let setup: SessionSetup
    package let session = DebugSession()
    /// Asks the running program to stop before its next action; any task may.
    package let interruption: Interruption
    let console: SessionConsole
    /// Who answers prompting actions, when someone can (the REPL at a terminal).
    let asker: (any LineInput)?
    package private(set) var document: Document
    private(set) var interpreter: Interpreter
    let recorder = StepRecorder()
    private let chainResult = ChainResult()
    var timeline: History<Moment>
    /// The moment the program is at; `timeline.count` when it has gone past the last one.
    var cursor = 0
    /// Where time stops for the work under way (the REPL lets time pass only when asked).
    private var end: Double?
    /// Calls that were queued when an action typed at the prompt ran alone; queued again once it is done.
    private var deferred: [QueuedCall] = []
    /// Asked before each action while running: true hands control back to the face (`.yielded`), which
    /// then calls `proceed()` (the preview takes the page's commands that way during a long run).
    package var yields: (() -> Bool)?
    /// Set when the last move backwards went over actions whose effect on the JavaScript context
    /// (globals a script defined) a snapshot cannot undo.
    package internal(set) var undoneScripts: [String] = []
    /// Set when the last move backwards was stopped by the history's limit: older steps were dropped.
    package internal(set) var reachedOldestKept = false

    package init(document: Document?, setup: SessionSetup, console: any Console, asker: (any LineInput)? = nil,
                 interruption: Interruption = Interruption(), url: String? = nil) {
        self.document = document ?? Document(fileName: "<repl>")
        self.setup = setup
        self.console = SessionConsole(console)
        self.asker = asker
        self.interruption = interruption
        timeline = History(capacity: setup.keptSteps)
        interpreter = Self.build(self.document, setup, self.console, [recorder, chainResult] + setup.observers, asker, url: url)
        session.evaluate = { [unowned self] expression, step in self.evaluate(expression, jason: step?.jason).text }
        session.log = { [unowned self] message, step in
            self.console.print(self.fill(Breakpoint.template(message), jason: step.jason).shownText)
        }
        session.isInterrupted = { [interruption] in interruption.take() }
    }

    static func build(_ document: Document, _ setup: SessionSetup, _ console: SessionConsole,
                      _ observers: [any ExecutionObserver], _ asker: (any LineInput)?, url: String?) -> Interpreter {
        var environment = setup.environment(console)
        if let asker { environment.input = asker }
        if let url { environment.viewURL = url }
        let interpreter = Interpreter(document: document, registry: setup.registry, environment: environment,
                                      scriptEngine: ScriptEngine(limits: setup.scriptLimits, seed: setup.seed))
        interpreter.limits = setup.limits
        interpreter.observers = observers
        return interpreter
    }

    /// Draws the document and queues its `$load` (or its single action), with `jason` as its `$jason`.
    package func start(jason: JSON? = nil) async {
        await interpreter.start(jason: jason)
        document = interpreter.document   // with its mixins resolved
    }

    /// Starts over with another document, opened at `url` (relative URLs in it resolve against it).
    package func load(_ document: Document, url: String, jason: JSON? = nil) async {
        self.document = document
        timeline.removeAll()
        cursor = 0
        recorder.lastFailure = nil
        session.reset()
        interpreter = Self.build(document, setup, console, [recorder, chainResult] + setup.observers, asker, url: url)
        await start(jason: jason)
    }

    /// Queues `call` (if any), lets `seconds` pass on the clock, and runs until idle or paused. What was
    /// recorded after the current moment is a future that no longer happens. A call that runs `alone`
    /// (an action typed at the prompt) runs before what is queued, which waits for the next `run`.
    package func submit(_ call: QueuedCall?, advancing seconds: Double = 0, alone: Bool = false) async -> SessionEvent {
        forgetFuture()
        if let call {
            if alone {
                deferred += interpreter.queuedCalls
                interpreter.queuedCalls = [call]
            } else {
                interpreter.post(call)
            }
        }
        end = interpreter.environment.clock.now + seconds
        return await drive(resuming: false)
    }

    /// The `$jason` the last chain ended with (what an action typed at the prompt gave).
    package var result: JSON? { chainResult.value }

    /// Lets a paused program go on in `mode`.
    package func resume(_ mode: DebugSession.Mode) async -> SessionEvent {
        session.setMode(mode)
        return await drive(resuming: true)
    }

    /// Goes on after `.yielded`.
    package func proceed() async -> SessionEvent { await drive(resuming: true) }

    /// After `.yielded`, stops where the program is, as an interruption would; nil when nothing is pending.
    package func pauseHere() -> SessionEvent? {
        guard let pending = interpreter.pending else { return nil }
        return pause(pending, .interrupted)
    }

    /// The state changed from outside the program (a face set a variable, a tap came): the recorded
    /// future is gone.
    func forgetFuture() {
        guard cursor < timeline.count else { return }
        timeline.keepThrough(cursor)
        timeline[cursor].printed = []
        timeline[cursor].failed = nil
    }

    /// Runs (or replays) until a stop or until idle.
    private func drive(resuming: Bool) async -> SessionEvent {
        session.state = .running
        var leaving = resuming   // the action the program was paused at: do not stop there again
        while !Task.isCancelled {
            if let pending = interpreter.pending {
                if cursor >= timeline.count {
                    timeline.append(Moment(snapshot: interpreter.snapshot(), lastFailure: recorder.lastFailure.map(Boxed.init)))
                    cursor = timeline.count - 1
                }
                if !leaving, let reason = session.decide(pending) { return pause(pending, reason) }
                if !leaving, let yields, yields() { return .yielded }
                leaving = false
                if cursor < timeline.count - 1 {
                    let moment = timeline[cursor]
                    for printed in moment.printed { console.replay(printed, again: true) }
                    move(to: cursor + 1)
                    if let failed = moment.failed?.value, session.stopsOnError(failed, handled: handles(failed)) { return pauseOnError(failed) }
                    continue
                }
            }
            let performing = interpreter.pending != nil
            let outcome = await interpreter.step(until: end)
            if !timeline.isEmpty { timeline[timeline.count - 1].printed += console.takeRecorded() }
            if performing {
                cursor = timeline.count
                session.steps = interpreter.steps
            }
            if let failed = recorder.takeFailure() {
                timeline[timeline.count - 1].failed = Boxed(failed)
                if session.stopsOnError(failed, handled: handles(failed)) { return pauseOnError(failed) }
            }
            if case .idle = outcome { break }
        }
        session.state = recorder.lastFailure.map(DebugSession.State.failed) ?? .finished
        interpreter.queuedCalls = deferred + interpreter.queuedCalls
        deferred = []
        return .idle
    }

    func pause(_ step: ActionStep, _ reason: StopReason) -> SessionEvent {
        session.state = .paused(step, reason)
        return .paused(step, reason)
    }

    /// `break error`: stop where the action failed, showing what its error branch (if any) gets.
    private func pauseOnError(_ failed: ActionStep) -> SessionEvent {
        pause(failed, .errorBranch(payload: failed.jason, handled: handles(failed)))
    }

    /// Whether the failed action was written with an `error` branch (else its failure is unhandled, unless
    /// a lambda's caller handles a `$return.error`).
    private func handles(_ failed: ActionStep) -> Bool {
        if failed.kind == .return(success: false) { return true }
        guard failed.path.file == document.fileName else { return false }
        return document.root.value(at: failed.path.pointer.appending("error")) != nil
    }

    /// Puts the run back at moment `index`.
    func move(to index: Int) {
        cursor = index
        interpreter.restore(timeline[index].snapshot)
        recorder.lastFailure = timeline[index].lastFailure?.value
        session.steps = interpreter.steps
    }
}
