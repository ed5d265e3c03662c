import JasonJSON
import JasonScript
import JasonTemplate
import Synchronization

/// What one action may use besides its options: the services of the run (console, network, clock, the
/// user at a terminal), the view it runs in (document, URL, variables), and the parts of the run's state
/// an action may change (its view's variables, the timers, the stores kept in memory, the device answers,
/// the queue). Not the interpreter, the view stack or the other views.
///
/// The state parts are a working copy, lent to the context when the action starts and taken back by the
/// loop when it completes: the run's state is one value that only the loop writes. One context is made
/// per view, when it opens, and lent to each of its actions in turn (one runs at a time).
public final class ActionContext: Sendable {
    /// What the action may change, as it was when it started plus its own changes.
    struct Working: Sendable {
        var variables: ViewVariables
        var timers: Timers
        var stores: [String: JSONObject]
        var answers: AnswerBook
        /// Calls the action queued, to run after the current chain (E7).
        var posted: [QueuedCall] = []
        var reported: [Diagnostic] = []
        /// Set while an action holds the copy; reports and calls that come when none does go to `late`.
        var lent = false
        /// How many actions the run had performed, this one included.
        var step = 0

        static var empty: Working { Working(variables: .placeholder, timers: Timers(), stores: [:], answers: AnswerBook(queues: [:])) }
    }

    /// Tells views apart (a handler's changes go back to the view it ran in, if that view is still open).
    let id: Int
    /// The document of the view the action runs in.
    public let document: Document
    /// The URL of that view: the key of its `$cache`, and the base of relative URLs.
    public let url: String
    /// The URL of the first document: `file://name` is relative to its folder.
    let firstURL: String
    let environment: ActionEnvironment
    package let scripts: ScriptEngine
    /// The view's agents (`head.agents`), made when first used.
    package let agents = AgentPool()
    let transformer: Transformer
    /// Where reports made after the action completed go (a `Completion` called twice, say).
    let late: HostMailbox
    private let working = Mutex(Working.empty)

    init(id: Int, document: Document, url: String, firstURL: String, environment: ActionEnvironment,
         scripts: ScriptEngine, transformer: Transformer, late: HostMailbox) {
        self.id = id
        self.document = document
        self.url = url
        self.firstURL = firstURL
        self.environment = environment
        self.scripts = scripts
        self.transformer = transformer
        self.late = late
    }

    public var console: any Console { environment.console }
    /// The network (and `file://` URLs, stubs, recordings): requests go through it, never around it.
    public var transport: any HTTPTransport { environment.transport }
    /// The user at a terminal; nil when nobody can be asked (piped input, tests).
    public var input: (any LineInput)? { environment.input }
    /// Unix time when the clock read 0, for actions that answer with a date.
    public var startDate: Double { environment.startDate }
    var clock: any InterpreterClock { environment.clock }
    var stores: Stores { environment.stores }

    /// Lends the working copy to the action about to run.
    func lend(_ parts: inout Working) {
        working.withLock { w in
            swap(&w, &parts)
            w.lent = true
        }
    }

    /// The changes, for the loop to apply; the context keeps nothing of the state after this.
    func takeBack() -> Working {
        working.withLock { w in
            // Swapped out rather than copied: the loop gets the only reference to each part.
            var taken = Working.empty
            swap(&w, &taken)
            return taken
        }
    }

    /// The interpreter's clock now, in seconds since the run started.
    public var now: Double { clock.now }

    /// `head.templates` of the document.
    public var templates: JSONObject { document.templates }

    // MARK: The view's variables

    /// The variables of the view the action runs in, with the action's own changes.
    public var variables: ViewVariables { working.withLock { $0.variables } }

    /// Changes the view's variables (`$set` merges into `$get`, the stores replace `$global`…).
    package func changeVariables(_ change: (inout ViewVariables) -> Void) {
        working.withLock { change(&$0.variables) }
    }

    public func mergeGet(_ members: JSONObject) { changeVariables { $0.mergeGet(members) } }
    package func replaceGlobal(_ members: JSONObject) { changeVariables { $0.setGlobal(members) } }
    package func replaceCache(_ members: JSONObject) { changeVariables { $0.setCache(members) } }
    public func replaceBody(_ body: JSON?) { changeVariables { $0.setBody(body) } }
    /// `$render`'s body, drawn from `template` by the action at `path`.
    package func replaceBody(_ body: JSON?, drawnFrom template: String, readsGet: Bool, by path: ActionPath) {
        changeVariables { $0.setDrawnBody(body, template: template, readsGet: readsGet, by: path) }
    }
    /// `$render` with a non-empty register makes it the view data (R31), hiding `head.data`'s keys.
    package func replaceViewData(_ data: JSONObject) { changeVariables { $0.setViewData(data) } }
    package func mergeScriptGlobals(_ members: JSONObject) { changeVariables { $0.mergeScriptGlobals(members) } }
    package func clearScriptGlobals() { changeVariables { $0.clearScriptGlobals() } }

    /// register ⊕ variables: the data the action's templates were rendered against.
    public func templateData(jason: JSON?) -> JSON { variables.templateData(jason: jason) }

    /// Transforms `template` against `data` with the interpreter's template engine (st.js's `transform`);
    /// nil when nothing is left of it (st.js drops it).
    public func transform(_ template: JSON, data: JSON) -> JSON? { transformer.transform(template, data: data).value }

    // MARK: Timers, answers, the queue, reports

    /// Starts (or replaces) a timer; a timer without a name gets `timer-N`.
    public func startTimer(name: String?, after interval: Double, repeats: Bool, action: JSON, writtenAt origin: ActionPath) {
        let node = ActionNode.parseWritten(action, at: origin, in: document)
        working.withLock { w in
            let name = name ?? w.timers.newName()
            w.timers.start(Timers.Entry(name: name, due: clock.now + interval, interval: interval, repeats: repeats,
                                        action: node, origin: origin, view: id))
        }
    }

    /// Stops the timer `name`, or every timer.
    public func stopTimer(_ name: String?) {
        working.withLock { $0.timers.stop(name) }
    }

    /// How many actions the run has performed, the one running included.
    package var step: Int { working.withLock { $0.step } }

    /// The stub file's next answer for `type`, if it has one.
    public func nextAnswer(for type: String) -> DeviceAnswer? {
        if let chooser = environment.chooser { return chooser.answer(for: type) }
        return working.withLock { $0.answers.next(for: type) }
    }

    /// Queues an action to run after the current chain (E7).
    package func post(_ call: QueuedCall) {
        let queued = working.withLock { w -> Bool in
            guard w.lent else { return false }
            w.posted.append(call)
            return true
        }
        if !queued { late.post(call) }
    }

    /// Queues the action `action`, written by the handler, with `jason` as its `$jason`.
    public func call(_ action: JSON, jason: JSON? = nil) {
        post(QueuedCall(.json(action, origin: "call"), jason: jason))
    }

    /// Reports a problem that does not fail the action (a second completion, say).
    public func report(_ diagnostic: Diagnostic) {
        let kept = working.withLock { w -> Bool in
            guard w.lent else { return false }
            w.reported.append(diagnostic)
            return true
        }
        if !kept { late.post(.report(diagnostic)) }
    }

    // MARK: Stores

    /// `$global`: its file, or the copy in the run's state.
    public var globalStore: any KeyValueStore { store(StoreName.global) }
    public var sessionStore: any KeyValueStore { store(StoreName.session) }
    /// The `$cache` of the view the action runs in.
    public var cacheStore: any KeyValueStore { store(StoreName.cache(url.lowercased())) }

    func store(_ name: String) -> any KeyValueStore {
        stores.file(name) ?? StateStore(name: name, context: self)
    }

    func storeValue(_ name: String) -> JSONObject { working.withLock { $0.stores[name] ?? [:] } }

    func updateStore(_ name: String, _ change: (inout JSONObject) -> Void) -> JSONObject {
        working.withLock { w in
            var value = w.stores[name] ?? [:]
            change(&value)
            w.stores[name] = value
            return value
        }
    }
}

/// A store kept in the run's state, reached through the action's working copy.
struct StateStore: KeyValueStore {
    let name: String
    let context: ActionContext

    func load() throws(StoreError) -> StoreContents { StoreContents(value: context.storeValue(name)) }

    func update(_ change: (inout JSONObject) -> Void) throws(StoreError) -> JSONObject {
        context.updateStore(name, change)
    }
}
