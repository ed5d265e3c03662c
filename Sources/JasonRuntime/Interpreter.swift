import JasonJSON
import JasonScript
import JasonTemplate

/// Runs a document's actions as a program (spec §2, with DESIGN §2's fixes).
///
/// One chain runs at a time; calls arriving meanwhile wait in the inbox (FIFO). A chain owns its
/// register (`$jason`), its current action and its lambda frames, so nothing leaks between chains.
/// The whole loop is `run(_:)` below: resolve the current node, run it, follow `success` or `error`.
public final class Interpreter {
    public let registry: ActionRegistry
    public let inbox = EventInbox()
    /// The views, the first document at the bottom (R33).
    public let views: ViewStack
    public let timers = TimerTable()
    public var limits = Limits()
    public var observers: [any ExecutionObserver] = []
    /// Errors that ended chains, and warnings (stores, time limit, actions that completed twice); the
    /// CLI's exit status comes from here.
    public var diagnostics: [Diagnostic] { issues.all }
    /// Where diagnostics are collected; handlers report through their context.
    public let issues = IssueLog()

    /// The JavaScript engine behind `{{ }}`; it starts with the first expression that needs it.
    public let scriptEngine: ScriptEngine
    let renderer: Transformer
    /// What the interpreter was given; each view's actions see it with their own URL.
    public let environment: ActionEnvironment
    /// Actions performed so far, in all chains.
    public internal(set) var steps = 0
    /// `$reset`/`$reload`/`$home` restarts since the last event from outside (a tap, a host event, a timer).
    var restartStreak = 0
    /// When the first step ran, for `limits.wallTime`.
    var firstStep: ContinuousClock.Instant?
    /// The chain that is running, if any.
    var chain: Chain?

    /// The view on screen; there always is one. Looked up again only when the stack changed.
    var top: View {
        let generation = views.generation
        if let cached = topCache, cached.generation == generation { return cached.view }
        let view = views.top!
        topCache = (generation, view)
        return view
    }
    private var topCache: (generation: Int, view: View)?
    /// The document on screen.
    public var document: Document { top.document }
    /// The variables of the view on screen.
    public var state: ViewState { top.state }
    var context: ActionContext { top.context }

    public init(document: Document, registry: ActionRegistry, environment: ActionEnvironment,
                scriptEngine: ScriptEngine = ScriptEngine()) {
        self.registry = registry
        self.scriptEngine = scriptEngine
        self.environment = environment
        renderer = Transformer(evaluator: PathEvaluator.withScriptEngine(scriptEngine))
        views = ViewStack(inbox: inbox)
        views.push(makeView(document, url: environment.viewURL, transition: .push, params: environment.params))
    }

    deinit { views.removeAll() }

    /// An interpreter whose stores live in memory, printing to `console`.
    public convenience init(document: Document, registry: ActionRegistry, console: any Console,
                            scriptEngine: ScriptEngine = ScriptEngine()) {
        self.init(document: document, registry: registry, environment: ActionEnvironment(console: console),
                  scriptEngine: scriptEngine)
    }

    /// Draws the view and queues what a batch run starts with: the bare action, else `$load`, else
    /// `$show` (S16). With both `head.templates.body` and `head.data`, the body is generated now (§1.1).
    /// `jason`, when given, is the `$jason` that first chain starts with (`jasonrun --jason`).
    public func start(jason: JSON? = nil) {
        if let action = document.bareAction {
            present(top, runLoad: false)
            inbox.post(QueuedCall(.node(action), jason: jason))
        } else {
            present(top, jason: jason)
        }
    }

    /// What one `step()` did.
    public enum StepOutcome: Sendable {
        /// A queued call became the running chain; its first action (if any) is pending.
        case started(origin: String)
        /// The pending action ran and took `branch`; the chain's next action (if any) is pending.
        case performed(ActionStep, Branch)
        /// The running chain ended.
        case ended(ChainOutcome)
        /// Time passed to the next timer, whose actions are queued.
        case timersFired(at: Double)
        /// Nothing is running or queued, and no timer is due (before the time asked for).
        case idle
    }

    /// The action the running chain performs next, with its options rendered; nil when no chain runs
    /// or the running one is about to end.
    public var pending: ActionStep? { chain?.pending?.step }

    /// Runs queued calls, one chain after another, then lets time pass to the next timer, until nothing
    /// is queued and no timer is pending, or the time limit is reached (DESIGN §2.3). With `until`, time
    /// stops there instead (the REPL lets time pass only when asked).
    public func runUntilIdle(until end: Double? = nil) async {
        while !Task.isCancelled {
            if case .idle = await step(until: end) { return }
        }
    }

    /// Performs one action boundary: ends the running chain, performs its pending action, starts the
    /// next queued call, or lets time pass to the next timer, in that order of preference. The whole
    /// loop of the interpreter is this function and `perform` below; callers drive it.
    public func step(until end: Double? = nil) async -> StepOutcome {
        if var running = chain {
            guard let prepared = running.pending else {
                chain = nil
                await finish(running.outcome)
                return .ended(running.outcome)
            }
            if let stop = limitReached() {
                inbox.removeAll()
                timers.stop(nil)
                running.pending = nil
                running.outcome = .failed(Diagnostic(stop.id, .error, stop.message, at: prepared.call.path))
                chain = running
                return await step(until: end)
            }
            steps += 1
            let (resolution, branch) = await perform(prepared, in: &running)
            await advance(&running, resolution)
            chain = running
            return .performed(prepared.step, branch)
        }
        if let call = inbox.next() {
            var running = Chain(origin: "", jason: call.jason)
            let first = resolveStart(call, &running)
            await notify(.chainStarted(origin: running.origin))
            await advance(&running, first)
            chain = running
            return .started(origin: running.origin)
        }
        return await passTime(until: end)
    }

    /// The node a queued call starts with.
    func resolveStart(_ call: QueuedCall, _ chain: inout Chain) -> Resolution {
        switch call.start {
        case .node(let node):
            chain.origin = node.path.description
            return .continue(node)
        case .named(let name):
            chain.origin = name
            return document.actions[name].map(Resolution.continue) ?? .end
        case .written(let json, let path):
            chain.origin = path.description
            let locator = path.file == document.locator.fileName ? document.locator
                : SourceLocator(sourceMap: nil, fileName: path.file)
            do { return .continue(try ActionNode.parse(json, at: path.pointer, locator: locator)) } catch {
                return .fail(error)
            }
        case .resume(let node, let frames, let label):
            chain.origin = label
            chain.frames = frames
            return .continue(node)
        case .json(let json, let label):
            chain.origin = label
            do {
                return .continue(try ActionNode.parse(json, at: .root, locator: SourceLocator(sourceMap: nil,
                                                                                              fileName: label)))
            } catch {
                return .fail(error)
            }
        }
    }

    /// Nothing to run: time moves to the next timer due (up to `end`), whose actions are queued.
    func passTime(until end: Double?) async -> StepOutcome {
        let clock = environment.clock
        guard let due = timers.nextDue, due <= end ?? .infinity else {
            if let end { await clock.sleep(until: end) }
            return .idle
        }
        if let limit = limits.timeLimit, due > limit {
            let names = timers.active.map { timer in
                timer.name + (timer.repeats ? " (every \(JSNumber.format(timer.interval)) s)"
                                            : " (due at \(JSNumber.format(timer.due)) s)")
            }
            issues.report(Diagnostic(.timeLimit, .warning,
                "stopped at the time limit of \(JSNumber.format(limit)) s; timers still active: "
                + names.joined(separator: ", ") + " (raise it with --time-limit)"))
            timers.stop(nil)
            return .idle
        }
        await clock.sleep(until: due)
        restartStreak = 0
        for timer in timers.fire(at: due) {
            inbox.post(QueuedCall(.written(timer.action, origin: timer.origin)))
        }
        return .timersFired(at: due)
    }

    /// Performs one prepared action and says where the chain goes next.
    func perform(_ prepared: Prepared, in chain: inout Chain) async -> (Resolution, Branch) {
        let (call, step) = (prepared.call, prepared.step)
        switch call.kind {
        case .lambda:
            return await enterLambda(call, step, in: &chain)
        case .return(let success):
            return await returnFromLambda(call, step, success: success, in: &chain)
        case .navigation(let type):
            return await navigate(call, type: type, step, in: &chain)
        case .handler(let type):
            guard let handler = registry.handler(for: type) else {
                return await fail(call, step, in: &chain, ActionFailure(message: unknownTypeMessage(type), type: type),
                                  id: .unknownAction, at: locate(call.path.pointer.appending("type"), in: call))
            }
            var invocation = step
            if let spec = handler.spec {
                switch spec.check(step.options) {
                case .success(let checked): invocation.options = checked
                case .failure(let problem):
                    let pointer = problem.option.map { call.path.pointer.appending("options").appending($0) }
                    return await fail(call, step, in: &chain, ActionFailure(message: problem.message, type: type),
                                      id: .invalidOptions, at: pointer.map { locate($0, in: call) })
                }
            }
            invocation.jason = chain.jason
            let generation = views.generation
            do {
                let value = try await handler.perform(invocation, in: context)
                guard views.generation == generation else { return await abandon(step) }
                return await succeed(call, step, in: &chain, value: value,
                                     keepingEmpty: handler.spec?.keepsEmptyResult == true)
            } catch where views.generation != generation {
                return await abandon(step)
            } catch where error.endsChain {
                await notify(.branchTaken(step, .none))
                return (.end, .none)
            } catch {
                return await fail(call, step, in: &chain, error, id: .actionFailed)
            }
        }
    }

    func succeed(_ call: ActionCall, _ step: ActionStep, in chain: inout Chain, value: JSON?,
                 keepingEmpty: Bool = false) async -> (Resolution, Branch)
    {
        chain.jason = keepingEmpty ? value : Chain.wrap(value)
        await notify(.succeeded(step, jason: chain.jason))
        let branch: Branch = call.success == nil ? .none : .success
        await notify(.branchTaken(step, branch))
        return (call.success.map(Resolution.continue) ?? .end, branch)
    }

    func fail(_ call: ActionCall, _ step: ActionStep, in chain: inout Chain, _ failure: ActionFailure,
              id: Diagnostic.ID, at place: ActionPath? = nil) async -> (Resolution, Branch) {
        chain.jason = Chain.wrap(failure.payload)
        await notify(.failed(step, payload: failure.payload))
        await notify(.branchTaken(step, call.error == nil ? .none : .error))
        if let error = call.error { return (.continue(error), .error) }
        let message = failure.payload?["message"]?.stringValue ?? "\(step.name) failed"
        let payload = failure.payload.map { ["error payload: " + $0.description] } ?? []
        return (.fail(Diagnostic(id, .error, message + " (no error branch)", at: place ?? call.path, notes: payload)),
                .none)
    }

    /// R20 (S24): the view went away while the action ran; neither branch runs.
    func abandon(_ step: ActionStep) async -> (Resolution, Branch) {
        await notify(.branchTaken(step, .none))
        return (.abandon("the view of \(step.name) was closed before it completed"), .none)
    }

    func finish(_ outcome: ChainOutcome) async {
        if case .failed(let diagnostic) = outcome { issues.report(diagnostic) }
        await notify(.chainEnded(outcome))
    }

    func notify(_ event: @autoclosure () -> ExecutionEvent) async {
        guard !observers.isEmpty else { return }
        let event = event()
        for observer in observers { await observer.observe(event) }
    }
}
