import JasonJSON
import JasonRuntime
import Synchronization

/// What the REPL needs from its host to build a run of a program: the actions, and a fresh environment
/// (new in-memory stores, a new virtual clock) each time the program starts again, so that `back` can
/// replay a run from its beginning and land exactly where it was one action earlier.
public struct SessionSetup: Sendable {
    public var registry: ActionRegistry
    public var environment: @Sendable (any Console) -> ActionEnvironment

    public init(registry: ActionRegistry, environment: @escaping @Sendable (any Console) -> ActionEnvironment) {
        self.registry = registry
        self.environment = environment
    }
}

/// The program being debugged: its interpreter, the inputs that drove it (for `back`), and the task
/// running it. Used from the REPL's task only.
final class Debugger: @unchecked Sendable {
    enum Input {
        case post(QueuedCall)
        case drain(until: Double)
    }

    let setup: SessionSetup
    let session: DebugSession
    let console: SessionConsole
    let exchanges = ExchangeLog()
    let typed = TypedAnswers()
    /// Who answers prompting actions, when someone can (the REPL at a terminal).
    let asker: (any LineInput)?
    private(set) var document: Document
    private(set) var interpreter: Interpreter
    private var inputs: [Input] = []
    private var driver: Task<Void, Never>?
    private var iterator: AsyncStream<SessionEvent>.AsyncIterator
    /// Set when a replay reaches its target: the inputs after the current one belong to the old timeline.
    private let cut = Mutex(false)
    /// The index in `inputs` of the input the driver is working on.
    private let position = Mutex(0)

    init(document: Document, setup: SessionSetup, console: SessionConsole, session: DebugSession,
         asker: (any LineInput)?) {
        self.document = document
        self.setup = setup
        self.console = console
        self.session = session
        self.asker = asker
        iterator = session.events.makeAsyncIterator()
        interpreter = Self.build(document, setup, console, session, exchanges, typed, asker)
    }

    /// A fresh interpreter for a new timeline: network answers and typed answers replay from the logs.
    func rebuild() -> Interpreter {
        Self.build(document, setup, console, session, exchanges, typed, asker)
    }

    static func build(_ document: Document, _ setup: SessionSetup, _ console: SessionConsole, _ session: DebugSession,
                      _ exchanges: ExchangeLog, _ typed: TypedAnswers, _ asker: (any LineInput)?) -> Interpreter {
        var environment = setup.environment(console)
        exchanges.rewind()
        typed.rewind()
        environment.transport = ExchangeLog.Transport(log: exchanges, next: environment.transport)
        if let asker { environment.input = TypedAnswers.Input(log: typed, asker: asker) }
        let interpreter = Interpreter(document: document, registry: setup.registry, environment: environment)
        interpreter.limits.timeLimit = nil
        interpreter.observers = [session]
        interpreter.start()
        return interpreter
    }

    /// Starts over with another document.
    func load(_ document: Document) async {
        await stop()
        self.document = document
        inputs = []
        exchanges.clear()
        typed.clear()
        session.reset()
        interpreter = rebuild()
    }

    /// Queues `call` (if any), lets `seconds` pass on the clock, and runs until idle or paused.
    func submit(_ call: QueuedCall?, advancing seconds: Double = 0) async -> SessionEvent {
        var work: [Input] = []
        if let call { work.append(.post(call)) }
        work.append(.drain(until: interpreter.environment.clock.now + seconds))
        let first = inputs.count
        inputs += work
        cut.withLock { $0 = false }
        start(work, offset: first)
        return await nextEvent()
    }

    /// Lets a paused program go on.
    func resume(_ mode: DebugSession.Mode) async -> SessionEvent {
        session.resume(mode)
        return await nextEvent()
    }

    /// One action backwards: the program is built again and replayed silently up to the action before
    /// the current one. Returns nil when there is nothing before it.
    func back() async -> SessionEvent? {
        let target: Int
        switch session.state {
        // A failure stop comes after its action: going back lands just before that action.
        case .paused(_, .errorBranch): target = session.steps
        case .paused: target = session.steps - 1
        case .finished, .failed: target = session.steps
        case .loaded, .running: target = 0
        }
        guard target >= 1 else { return nil }
        await stop()
        console.muted = true
        session.rewind(to: target)
        interpreter = rebuild()
        cut.withLock { $0 = false }
        start(inputs, offset: 0)
        let event = await nextEvent()
        console.muted = false
        return event
    }

    /// Runs `work` (the inputs from index `offset` on) in a task of its own.
    private func start(_ work: [Input], offset: Int) {
        session.markRunning()
        let box = Unchecked(value: interpreter)
        let session = session
        driver = Task { [self] in
            for (i, input) in work.enumerated() {
                if Task.isCancelled || cut.withLock({ $0 }) { break }
                position.withLock { $0 = offset + i }
                switch input {
                case .post(let call): box.value.inbox.post(call)
                case .drain(let end): await box.value.runUntilIdle(until: end)
                }
            }
            if !Task.isCancelled { session.markIdle() }
        }
    }

    private func nextEvent() async -> SessionEvent {
        let event = await iterator.next() ?? .idle
        if case .paused(_, .back) = event {
            // The inputs after the current one were the old timeline's: the user goes on from here.
            cut.withLock { $0 = true }
            inputs = Array(inputs.prefix(position.withLock { $0 } + 1))
        }
        return event
    }

    /// Ends the session: a paused program is let go and cancelled.
    func shutdown() async { await stop() }

    /// Ends the running task, if any, letting a paused program go so that it can notice.
    private func stop() async {
        guard let driver else { return }
        driver.cancel()
        session.resume(.run)
        await driver.value
        self.driver = nil
    }
}

struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}
