import JasonJSON
import JasonScript
import JasonTemplate

/// Runs a document's actions as a program (spec §2, with DESIGN §2's fixes).
///
/// One chain runs at a time; calls arriving meanwhile wait in the inbox (FIFO). A chain owns its
/// register (`$jason`), its current action and its lambda frames, so nothing leaks between chains.
/// The whole loop is `run(_:)` below: resolve the current node, run it, follow `success` or `error`.
public final class Interpreter {
    public struct Limits: Sendable {
        /// Open lambda frames (non-tail `trigger`/`$lambda`) before the chain fails.
        public var maxCallDepth = 10_000
        /// Actions run in all chains together before the run stops; nil for no limit.
        public var maxSteps: Int? = 1_000_000
        /// Seconds on the interpreter's clock after which pending timers are dropped; nil for no limit.
        public var timeLimit: Double? = 60
        public init() {}
    }

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
    private(set) var steps = 0

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
        views.push(makeView(document, url: environment.viewURL, transition: .push, params: [:]))
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
    public func start() {
        if let action = document.bareAction {
            present(top, runLoad: false)
            inbox.post(QueuedCall(.node(action)))
        } else {
            present(top)
        }
    }

    /// Runs queued calls, one chain after another, then lets time pass to the next timer, until nothing
    /// is queued and no timer is pending, or the time limit is reached (DESIGN §2.3). With `until`, time
    /// stops there instead (the REPL lets time pass only when asked).
    public func runUntilIdle(until end: Double? = nil) async {
        let clock = environment.clock
        while !Task.isCancelled {
            while let call = inbox.next(), !Task.isCancelled {
                await run(call)
            }
            guard let due = timers.nextDue, due <= end ?? .infinity else {
                if let end { await clock.sleep(until: end) }
                return
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
                return
            }
            await clock.sleep(until: due)
            for timer in timers.fire(at: due) {
                inbox.post(QueuedCall(.written(timer.action, origin: timer.origin)))
            }
        }
    }

    /// Runs one chain to its end.
    public func run(_ call: QueuedCall) async {
        var chain = Chain(jason: call.jason)
        let origin: String
        switch call.start {
        case .node(let node):
            origin = node.path.description
            chain.current = node
        case .named(let name):
            origin = name
            chain.current = document.actions[name]
        case .written(let json, let path):
            origin = path.description
            do {
                let locator = path.file == document.locator.fileName ? document.locator
                    : SourceLocator(sourceMap: nil, fileName: path.file)
                chain.current = try ActionNode.parse(json, at: path.pointer, locator: locator)
            } catch {
                return await end(.failed(error))
            }
        case .resume(let node, let frames, let label):
            origin = label
            chain.current = node
            chain.frames = frames
        case .json(let json, let label):
            origin = label
            do {
                chain.current = try ActionNode.parse(json, at: .root, locator: SourceLocator(sourceMap: nil,
                                                                                             fileName: label))
            } catch {
                return await end(.failed(error))
            }
        }
        await notify(.chainStarted(origin: origin))
        while let node = chain.current {
            if Task.isCancelled { return await end(.abandoned("the run was cancelled")) }
            if let maxSteps = limits.maxSteps, steps >= maxSteps {
                inbox.removeAll()
                return await end(.failed(Diagnostic(.stepLimit, .error,
                    "stopped after \(maxSteps) actions; the program may loop forever (raise the limit with --max-steps)",
                    at: node.path)))
            }
            steps += 1
            let next: Resolution
            switch node {
            case .call(let call): next = await perform(call, in: &chain)
            case .conditional(let conditional, let path): next = reduce(conditional, at: path, jason: chain.jason)
            case .template(let text, let path): next = renderAction(text, at: path, jason: chain.jason)
            case .empty: next = .end
            case .malformed(let diagnostic): next = .fail(diagnostic)
            }
            switch next {
            case .continue(let node): chain.current = node
            case .end: chain.current = nil
            case .fail(let diagnostic): return await end(.failed(diagnostic))
            case .abandon(let reason): return await end(.abandoned(reason))
            }
        }
        await end(.finished)
    }

    /// Runs one call and says where the chain goes next.
    func perform(_ call: ActionCall, in chain: inout Chain) async -> Resolution {
        switch call.target {
        case .trigger(let name):
            // R11: `trigger` is `$lambda` with options {name, options}.
            var options: JSONObject = ["name": .string(name)]
            if let inner = call.options { options["options"] = inner }
            return await enterLambda(call, options: .object(options), in: &chain)
        case .type("$lambda"):
            return await enterLambda(call, options: call.options ?? .object([:]), in: &chain)
        case .type("$return.success"), .type("$return.error"):
            return await returnFromLambda(call, in: &chain)
        case .type(let type) where Navigation.types.contains(type):
            return await navigate(call, type: type, in: &chain)
        case .type(let type):
            let step = prepare(call, options: call.options, jason: chain.jason, frames: chain.frames)
            await notify(.willRun(step))
            // An observer (the debugger) may have cancelled the run while it waited: do not start the action.
            if Task.isCancelled { return .abandon("the run was cancelled") }
            guard let handler = registry.handler(for: type) else {
                return await fail(call, step, in: &chain, ActionFailure(message: unknownTypeMessage(type), type: type),
                                  id: .unknownAction)
            }
            var options = step.options
            if let spec = handler.spec {
                switch spec.check(options) {
                case .success(let checked): options = checked
                case .failure(let problem):
                    let pointer = problem.option.map { call.path.pointer.appending("options").appending($0) }
                    return await fail(call, step, in: &chain, ActionFailure(message: problem.message, type: type),
                                      id: .invalidOptions, at: pointer.map { locate($0, in: call) })
                }
            }
            let invocation = ActionInvocation(type: type, options: options, path: call.path, jason: chain.jason)
            let generation = views.generation
            do {
                let value = try await handler.perform(invocation, in: context)
                guard views.generation == generation else { return await abandon(step) }
                return await succeed(call, step, in: &chain, value: value)
            } catch where views.generation != generation {
                return await abandon(step)
            } catch where error.endsChain {
                await notify(.branchTaken(step, .none))
                return .end
            } catch {
                return await fail(call, step, in: &chain, error, id: .actionFailed)
            }
        }
    }

    func succeed(_ call: ActionCall, _ step: ActionStep, in chain: inout Chain, value: JSON?) async -> Resolution {
        chain.jason = Chain.wrap(value)
        await notify(.succeeded(step, jason: chain.jason))
        await notify(.branchTaken(step, call.success == nil ? .none : .success))
        return call.success.map(Resolution.continue) ?? .end
    }

    func fail(_ call: ActionCall, _ step: ActionStep, in chain: inout Chain, _ failure: ActionFailure,
              id: Diagnostic.ID, at place: ActionPath? = nil) async -> Resolution {
        chain.jason = Chain.wrap(failure.payload)
        await notify(.failed(step, payload: failure.payload))
        await notify(.branchTaken(step, call.error == nil ? .none : .error))
        if let error = call.error { return .continue(error) }
        let message = failure.payload?["message"]?.stringValue ?? "\(step.name) failed"
        let payload = failure.payload.map { ["error payload: " + $0.description] } ?? []
        return .fail(Diagnostic(id, .error, message + " (no error branch)", at: place ?? call.path, notes: payload))
    }

    /// R20 (S24): the view went away while the action ran; neither branch runs.
    func abandon(_ step: ActionStep) async -> Resolution {
        await notify(.branchTaken(step, .none))
        return .abandon("the view of \(step.name) was closed before it completed")
    }

    func end(_ outcome: ChainOutcome) async {
        if case .failed(let diagnostic) = outcome { issues.report(diagnostic) }
        await notify(.chainEnded(outcome))
    }

    func notify(_ event: @autoclosure () -> ExecutionEvent) async {
        guard !observers.isEmpty else { return }
        let event = event()
        for observer in observers { await observer.observe(event) }
    }
}
