import JasonJSON
import JasonRuntime

/// What the REPL needs from its host to build a run of a program: the actions, and an environment
/// (in-memory stores, a virtual clock) for each document it loads.
public struct SessionSetup: Sendable {
    public var registry: ActionRegistry
    public var environment: @Sendable (any Console) -> ActionEnvironment
    /// How many steps `back` can go: the debugger keeps a snapshot per action, and drops the oldest past
    /// this many (nil for no limit).
    public var keptSteps: Int? = 100_000
    /// The run's step limit (nil for none).
    public var maxSteps: Int? = Interpreter.Limits().maxSteps

    public init(registry: ActionRegistry, environment: @escaping @Sendable (any Console) -> ActionEnvironment) {
        self.registry = registry
        self.environment = environment
    }
}

/// The program being debugged. It drives the interpreter one `step()` at a time, deciding before each
/// action whether to stop, and keeps a snapshot of the whole run at every action it reaches (the last `keptSteps`): `back`
/// restores one (exact, and as fast after a million actions as after one), and going forward again
/// over that recorded past replays it, printing what it printed, instead of asking the world again.
package final class Debugger {
    /// The run as it was when an action was about to be performed. One is kept per action, so what
    /// is seldom set sits behind a reference.
    struct Moment {
        var snapshot: RunSnapshot
        /// What performing that action (and what ran after it, up to the next moment) printed.
        var printed: [String] = []
        /// The action, when it failed as it was performed (its `$jason` the error payload).
        var failed: Boxed<ActionStep>?
        /// How the last chain before this moment ended, if it failed.
        let lastFailure: Boxed<Diagnostic>?
    }

    final class Boxed<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    let setup: SessionSetup
    package let session: DebugSession
    let console: SessionConsole
    /// Who answers prompting actions, when someone can (the REPL at a terminal).
    let asker: (any LineInput)?
    package private(set) var document: Document
    package private(set) var interpreter: Interpreter
    private let recorder = StepRecorder()
    private let chainResult = ChainResult()
    private var timeline: History<Moment>
    /// The moment the program is at; `timeline.count` when it has gone past the last one.
    private var cursor = 0
    /// Where time stops for the work under way (the REPL lets time pass only when asked).
    private var end: Double?

    init(document: Document, setup: SessionSetup, console: SessionConsole, session: DebugSession,
         asker: (any LineInput)?) {
        self.document = document
        self.setup = setup
        self.console = console
        self.session = session
        self.asker = asker
        timeline = History(capacity: setup.keptSteps)
        interpreter = Self.build(document, setup, console, [recorder, chainResult], asker, url: nil)
    }

    static func build(_ document: Document, _ setup: SessionSetup, _ console: SessionConsole,
                      _ observers: [any ExecutionObserver], _ asker: (any LineInput)?, url: String?) -> Interpreter {
        var environment = setup.environment(console)
        if let asker { environment.input = asker }
        if let url { environment.viewURL = url }
        let interpreter = Interpreter(document: document, registry: setup.registry, environment: environment)
        interpreter.limits.timeLimit = nil
        interpreter.limits.maxSteps = setup.maxSteps
        interpreter.observers = observers
        interpreter.start()
        return interpreter
    }

    /// Starts over with another document, opened at `url` (relative URLs in it resolve against it).
    package func load(_ document: Document, url: String) {
        self.document = document
        timeline.removeAll()
        cursor = 0
        recorder.lastFailure = nil
        session.reset()
        interpreter = Self.build(document, setup, console, [recorder, chainResult], asker, url: url)
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

    /// Calls that were queued when an action typed at the prompt ran alone; queued again once it is done.
    private var deferred: [QueuedCall] = []

    /// The `$jason` the last chain ended with (what an action typed at the prompt gave).
    package var result: JSON? { chainResult.value }

    /// Lets a paused program go on.
    package func resume(_ mode: DebugSession.Mode) async -> SessionEvent {
        session.setMode(mode)
        return await drive(resuming: true)
    }

    /// The state changed from outside the program (a REPL command): the recorded future is gone.
    package func forgetFuture() {
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
                leaving = false
                if cursor < timeline.count - 1 {
                    let moment = timeline[cursor]
                    for line in moment.printed { console.replay(line) }
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

    private func pause(_ step: ActionStep, _ reason: StopReason) -> SessionEvent {
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
    private func move(to index: Int) {
        cursor = index
        interpreter.restore(timeline[index].snapshot)
        recorder.lastFailure = timeline[index].lastFailure?.value
        session.steps = interpreter.steps
    }

    /// Where the program is in the timeline: the moment it is paused at, or past the last one.
    private var position: Int {
        switch session.state {
        case .paused, .finished, .failed: cursor
        case .loaded, .running: 0
        }
    }

    /// Set when the last move backwards went over actions whose effect on the JavaScript context
    /// (globals a script defined) a snapshot cannot undo.
    package private(set) var undoneScripts: [String] = []

    /// Set when the last move backwards was stopped by the history's limit: older steps were dropped.
    package private(set) var reachedOldestKept = false

    /// How many steps the history keeps (nil for no limit).
    package var keptSteps: Int? { timeline.capacity }

    /// `count` actions backwards (to the first kept, at most). Nil when there is nothing before.
    package func back(_ count: Int = 1) -> SessionEvent? {
        let from = position
        reachedOldestKept = timeline.dropped > 0 && min(from, timeline.count) - count < 0
        guard from > 0, !timeline.isEmpty else { return nil }
        let target = max(0, min(from, timeline.count) - count)
        noteScripts(between: target, and: from)
        move(to: target)
        guard let pending = interpreter.pending else { return nil }
        return pause(pending, .back(from - target))
    }

    /// Backwards to the last action before this one where a breakpoint stops; the first action when none.
    package func reverseContinue() -> SessionEvent? {
        let from = position
        reachedOldestKept = timeline.dropped > 0
        guard from > 0, !timeline.isEmpty else { return nil }
        var index = min(from, timeline.count) - 1
        while index >= 0 {
            noteScripts(between: index, and: from)
            move(to: index)
            if let pending = interpreter.pending, let id = session.matchingBreakpoint(pending) {
                reachedOldestKept = false
                return pause(pending, .breakpoint(id))
            }
            index -= 1
        }
        move(to: 0)
        guard let pending = interpreter.pending else { return nil }
        return pause(pending, .back(from))
    }

    private func noteScripts(between start: Int, and end: Int) {
        undoneScripts = (start..<min(end, timeline.count)).compactMap { index in
            guard let step = timeline[index].snapshot.pending, case .handler(let type) = step.kind,
                  setup.registry.spec(for: type)?.changesScripts == true else { return nil }
            return step.name
        }
    }

    /// Ends the session.
    func shutdown() {}
}
