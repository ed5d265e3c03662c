import JasonJSON
import JasonScript
import JasonTemplate

/// Runs a document's actions as a program (spec §2, with DESIGN §2's fixes).
///
/// One chain runs at a time; calls arriving meanwhile wait in the queue (FIFO). A chain owns its
/// register (`$jason`), its current action and its lambda frames, so nothing leaks between chains.
/// The whole loop is `step(until:)` below, with `stepInPlace`, `stepWaiting` and the `perform`s: callers
/// drive it one action boundary at a time.
/// Everything a run's future depends on is `state`, one value (RunState.swift).
public final class Interpreter {
    package let registry: ActionRegistry
    @exclusivity(unchecked) public var limits = Limits()
    public var observers: [any ExecutionObserver] {
        get { observing.all }
        set { observing = Observers(newValue) }
    }
    /// `observers`, with those that never wait told apart.
    @exclusivity(unchecked) var observing = Observers([])
    /// Events of the current step not yet given to observers that wait (`notify`, Notify.swift).
    @exclusivity(unchecked) var undelivered: [ExecutionEvent] = []
    /// The JavaScript engine behind `{{ }}`; it starts with the first expression that needs it.
    package let scriptEngine: ScriptEngine
    let transformer: Transformer
    /// What the interpreter was given: the console, stores, clock, network and answers of the run.
    public let environment: ActionEnvironment
    /// Where other tasks (a host's thread, a handler's late callback) post events; the loop takes them
    /// in at its next step.
    public let mailbox = HostMailbox()
    /// The run's state: one value, written only here (by the loop, and by a host's calls on the task that
    /// drives it). A snapshot is a copy of it. One task drives the loop, so accesses never overlap: the
    /// dynamic exclusivity check every access would pay is left out.
    @exclusivity(unchecked) package internal(set) var state: RunState
    /// Each view's `ViewWorkspace`, by the view's `servicesKey`: services, not state (ViewServices.swift).
    @exclusivity(unchecked) var services = ViewServices()
    @exclusivity(unchecked) var dataCache = TemplateDataCache()
    @exclusivity(unchecked) var callees = CalleeCache()
    /// The pass the conditions of the loop are rendered in, used again from one action to the next.
    @exclusivity(unchecked) var renderPass = TransformPass()
    /// When the run started (or its first step ran, for a caller that steps without `start`), for
    /// `limits.wallTime`.
    @exclusivity(unchecked) var firstStep: ContinuousClock.Instant? {
        didSet { wallDeadline.set(limits.wallTime.flatMap { wall in firstStep.map { $0 + .milliseconds(Int64(wall * 1000)) } }) }
    }
    /// The same limit for requests, which may wait on a server that never answers.
    let wallDeadline: WallDeadline
    /// Steps taken in place before `limitReached` reads the clock again.
    @exclusivity(unchecked) var stepsUntilClock = 0

    /// Errors that ended chains, and warnings (stores, time limit, actions that completed twice); the
    /// CLI's exit status comes from here.
    public var diagnostics: [Diagnostic] { state.issues.all }
    /// Actions performed so far, in all chains.
    public var steps: Int { state.steps }
    /// The views, the first document at the bottom, the one on screen on top.
    package var views: [ViewRecord] { state.views }
    /// The document on screen.
    public var document: Document {
        _read { yield state.top.document }
    }
    /// The variables of the view on screen.
    public var variables: ViewVariables {
        _read { yield state.top.variables }
    }
    /// The timers that are running.
    package var timers: Timers { state.timers }
    /// Whether calls wait in the queue.
    public var hasQueuedCalls: Bool { !state.queue.isEmpty || !mailbox.isEmpty }
    /// Where the calls waiting in the queue come from, in the order they will run.
    package var queuedOrigins: [String] { state.queue.map(\.origin) }

    public init(document: Document, registry: ActionRegistry, environment: ActionEnvironment,
                scriptEngine: ScriptEngine = ScriptEngine()) {
        self.registry = registry
        self.scriptEngine = scriptEngine
        var environment = environment
        wallDeadline = WallDeadline()
        environment.transport = DeadlineTransport(next: environment.transport, deadline: wallDeadline)
        self.environment = environment
        transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(scriptEngine))
        state = RunState(answers: environment.answers)
        state.stores = environment.stores.initial
        state.time = environment.clock.now
        state.views = [makeView(document, url: environment.viewURL, transition: .push, params: environment.params)]
        // Under a virtual clock, JavaScript's Date is that clock too (a timer's tick moves it a whole interval).
        if environment.clock is VirtualClock {
            let (clock, start) = (environment.clock, environment.startDate)
            scriptEngine.readTime { ((start + clock.now) * 1000).rounded(.down) }
        }
    }

    /// An interpreter whose stores live in memory, printing to `console`.
    public convenience init(document: Document, registry: ActionRegistry, console: any Console,
                            scriptEngine: ScriptEngine = ScriptEngine()) {
        self.init(document: document, registry: registry, environment: ActionEnvironment(console: console),
                  scriptEngine: scriptEngine)
    }

    /// Draws the view and queues what a batch run starts with: the bare action, else `$load`, else
    /// `$show` (S16). With both `head.templates.body` and `head.data`, the body is generated now (§1.1).
    /// `jason`, when given, is the `$jason` that first chain starts with (`jasonrun --jason`). A document
    /// with mixins has them resolved first (§1.1); one that cannot be is reported and nothing is queued.
    public func start(jason: JSON? = nil) async {
        // Loading (mixins fetched, expanded) counts against the real-time limit like the steps after it.
        if firstStep == nil, limits.wallTime != nil { firstStep = .now }
        if document.unresolvedMixins {
            switch fetched(await fetcher.resolveMixins(document, url: state.top.url)) {
            case .success(let resolved):
                state.nextView = state.top.id   // the same view, now with its whole document
                state.views[state.topIndex] = makeView(resolved, url: state.top.url, transition: .push,
                                                       params: environment.params)
            case .failure(let error):
                state.issues.report(error)
                return
            }
        }
        if let action = document.bareAction {
            present(at: state.topIndex, runLoad: false)
            state.queue.append(QueuedCall(.node(action), jason: jason))
        } else {
            present(at: state.topIndex, jason: jason)
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
    public var pending: ActionStep? { state.pending }

    /// Runs queued calls, one chain after another, then lets time pass to the next timer, until nothing
    /// is queued and no timer is pending, or the time limit is reached (DESIGN §2.3). With `until`, time
    /// stops there instead (the REPL lets time pass only when asked).
    public func runUntilIdle(until end: Double? = nil) async {
        // Asking whether the task is cancelled cost more than the rest of a loop's own step: steps taken in
        // place (microseconds each) ask at every 64th; any step that waited asks at once.
        var inPlaceUntilAsked = 0
        while inPlaceUntilAsked > 0 || !Task.isCancelled {
            let (outcome, waited) = await takeStep(until: end)
            if case .idle = outcome { return }
            inPlaceUntilAsked = waited ? 0 : (inPlaceUntilAsked + 63) % 64
        }
    }

    /// Performs one action boundary: ends the running chain, performs its pending action, starts the
    /// next queued call, or lets time pass to the next timer, in that order of preference. Callers drive
    /// the loop with it; observers that wait hear of the step's events before it returns.
    public func step(until end: Double? = nil) async -> StepOutcome {
        await takeStep(until: end).outcome
    }

    private func takeStep(until end: Double?) async -> (outcome: StepOutcome, waited: Bool) {
        let outcome: StepOutcome, waited: Bool
        if let now = stepInPlace() {
            (outcome, waited) = (now, false)
        } else {
            (outcome, waited) = (await stepWaiting(until: end), true)
        }
        if !undelivered.isEmpty { await deliverEvents() }
        return (outcome, waited)
    }

    /// The whole loop of the interpreter is this function, `stepWaiting` and the two `perform`s below.
    /// This is the step when nothing in it waits (the loop's own actions, starting and ending chains),
    /// taken without suspending; nil when the pending action is a handler's or a navigation, or when
    /// nothing runs and time must pass.
    func stepInPlace() -> StepOutcome? {
        takeMail()
        if state.chain != nil {
            // Moved out and back in (`take`, `consume`): assigned back plainly, the chain was copied into the
            // state and the original destroyed, at every step.
            var running = state.chain.take()!
            guard let pending = running.pending else {
                finish(running.outcome)
                return .ended(running.outcome)
            }
            if let stop = limitReached() {
                state.queue.removeAll()
                state.timers.stop(nil)
                // Not written into `running`: a chain changed on a path that drops it cannot be consumed on the others.
                let outcome = ChainOutcome.failed(Diagnostic(stop.id, .error, message(stop), at: pending.call.path))
                finish(outcome)
                return .ended(outcome)
            }
            guard let (resolution, branch) = performInPlace(pending, in: &running) else {
                state.chain = consume running
                return nil
            }
            state.steps += 1
            advance(&running, resolution)
            state.chain = consume running
            return .performed(pending, branch)
        }
        if let call = state.queue.popFirst() {
            var running = Chain(origin: "", jason: call.jason)
            let first = resolveStart(call, &running)
            notify(.chainStarted, .chainStarted(origin: running.origin))
            advance(&running, first)
            state.chain = running
            return .started(origin: running.origin)
        }
        return nil
    }

    /// The rest of a step, after `stepInPlace` gave nil: performing a handler's action or a navigation,
    /// or letting time pass.
    func stepWaiting(until end: Double?) async -> StepOutcome {
        stepsUntilClock = 0
        guard var running = state.chain.take(), let pending = running.pending else { return await passTime(until: end) }
        state.steps += 1
        let (resolution, branch) = await perform(pending, in: &running)
        advance(&running, resolution)
        state.chain = running
        return .performed(pending, branch)
    }

    /// The node a queued call starts with.
    func resolveStart(_ call: QueuedCall, _ chain: inout Chain) -> Resolution {
        switch call.start {
        case .node(let node):
            chain.origin = call.origin
            return .continue(node)
        case .named(let name):
            chain.origin = call.origin
            return document.actions[name].map(Resolution.continue) ?? .end
        case .resume(let node, let frames, _):
            chain.origin = call.origin
            chain.frames = frames
            return .continue(node)
        case .json(let json, let label):
            chain.origin = call.origin
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
        guard let due = state.timers.nextDue, due <= end ?? .infinity else {
            if let end {
                await clock.sleep(until: end)
                state.time = clock.now
            }
            return .idle
        }
        if let limit = limits.timeLimit, due > limit {
            let names = state.timers.active.map { timer in
                timer.name + (timer.repeats ? " (every \(JSNumber.format(timer.interval)) s)"
                                            : " (due at \(JSNumber.format(timer.due)) s)")
            }
            state.issues.report(Diagnostic(.timeLimit, .warning,
                "stopped at the time limit of \(JSNumber.format(limit)) s; timers still active: "
                + names.joined(separator: ", ") + " (raise it with --time-limit)"))
            state.timers.stop(nil)
            return .idle
        }
        await clock.sleep(until: due)
        state.time = clock.now
        state.restartStreak = 0
        for timer in state.timers.fire(at: due) { state.queue.append(QueuedCall(.node(timer.action))) }
        return .timersFired(at: due)
    }

    /// Performs a prepared action the loop carries out itself (lambdas, returns, `$set`) and says where
    /// the chain goes next; nil for the others, which `perform` carries out.
    func performInPlace(_ step: ActionStep, in chain: inout Chain) -> (Resolution, Branch)? {
        let call = step.call
        switch call.kind {
        case .call:
            return enterLambda(call, step, in: &chain)
        case .return(let success):
            return returnFromLambda(call, step, success: success, in: &chain)
        case .set:
            guard case .object(let values)? = step.options else {
                let failure = ActionFailure(message: "$set needs an object of key/value pairs as options", type: "$set")
                return fail(call, step, in: &chain, failure, id: .actionFailed)
            }
            state.views[state.topIndex].variables.mergeGet(values)
            return succeed(call, step, in: &chain, value: nil)
        case .navigation, .handler:
            return nil
        }
    }

    /// Performs a prepared action that may wait (a handler's, a navigation) and says where the chain goes next.
    func perform(_ step: ActionStep, in chain: inout Chain) async -> (Resolution, Branch) {
        let call = step.call
        switch call.kind {
        case .call, .return, .set:
            // Carried out in place: `performInPlace` answers for these kinds.
            return performInPlace(step, in: &chain) ?? (.end, .none)
        case .navigation(let navigation):
            return await navigate(call, navigation, step, in: &chain)
        case .handler(let type):
            guard let handler = registry.handler(for: type) else {
                return fail(call, step, in: &chain, ActionFailure(message: registry.unknownTypeMessage(type), type: type),
                            id: .unknownAction, at: locate(call.path.pointer.appending("type"), in: call))
            }
            var invocation = step
            if let spec = handler.spec {
                warnOfUnknownOptions(step, spec: spec, type: type, in: call)
                switch spec.check(step.options) {
                case .success(let checked): invocation.options = checked
                case .failure(let problem):
                    let pointer = problem.option.map { call.path.pointer.appending("options").appending($0) }
                    return fail(call, step, in: &chain, ActionFailure(message: problem.message, type: type),
                                id: .invalidOptions, at: pointer.map { locate($0, in: call) })
                }
            }
            invocation.jason = chain.jason
            let context = openContext()
            let result: Result<JSON?, ActionFailure>
            do { result = .success(try await handler.perform(invocation, in: context)) } catch { result = .failure(error) }
            guard closeContext(context) else { return abandon(step) }
            switch result {
            case .success(let value):
                return succeed(call, step, in: &chain, value: value,
                               keepingEmpty: handler.spec?.keepsEmptyResult == true)
            case .failure(let error) where error.endsChain:
                notify(.branchTaken, .branchTaken(step, .none))
                return (.endQuietly, .none)
            case .failure(let error):
                return fail(call, step, in: &chain, error, id: .actionFailed)
            }
        }
    }
}
