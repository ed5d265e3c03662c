import DequeModule
import JasonJSON
import JasonScript
import JasonTemplate
import Synchronization

/// What one action may use besides its options: the services of the run (console, network, clock, the
/// user at a terminal), the view it runs in (document, URL, variables), and the parts of the run's state
/// an action may change (its view's variables, the timers, the stores kept in memory, the device answers,
/// the queue). Not the interpreter, the view stack or the other views.
///
/// The state parts are a working copy, taken when the action starts and handed back to the loop when it
/// completes: the run's state is one value that only the loop writes. Made for each action.
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
        var changedVariables = false
        var changedTimers = false
        var changedStores = false
        var changedAnswers = false
        /// Set once the loop has taken the changes back; later reports go to `late`.
        var closed = false
    }

    /// The document of the view the action runs in.
    public let document: Document
    /// The URL of that view: the key of its `$cache`, and the base of relative URLs.
    public let url: String
    public let console: any Console
    /// The network (and `file://` URLs, stubs, recordings): requests go through it, never around it.
    public let transport: any HTTPTransport
    /// The user at a terminal; nil when nobody can be asked (piped input, tests).
    public let input: (any LineInput)?
    /// Unix time when the clock read 0, for actions that answer with a date.
    public let startDate: Double
    let clock: any InterpreterClock
    let stores: Stores
    /// The URL of the first document: `file://name` is relative to its folder.
    let firstURL: String
    package let scripts: ScriptEngine
    let transformer: Transformer
    /// Where reports made after the action completed go (a `Completion` called twice, say).
    let late: HostMailbox
    /// The view the action runs in: its changes go back there.
    let viewID: Int
    private let working: Mutex<Working>

    init(document: Document, url: String, firstURL: String, environment: ActionEnvironment, scripts: ScriptEngine,
         transformer: Transformer, late: HostMailbox, working: Working, viewID: Int) {
        self.viewID = viewID
        self.document = document
        self.url = url
        self.firstURL = firstURL
        console = environment.console
        transport = environment.transport
        input = environment.input
        startDate = environment.startDate
        clock = environment.clock
        stores = environment.stores
        self.scripts = scripts
        self.transformer = transformer
        self.late = late
        self.working = Mutex(working)
    }

    /// The changes, for the loop to apply; the context keeps nothing of the state after this.
    func close() -> Working {
        working.withLock { w in
            w.closed = true
            return w
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
        working.withLock { w in
            change(&w.variables)
            w.changedVariables = true
        }
    }

    public func mergeGet(_ members: JSONObject) { changeVariables { $0.mergeGet(members) } }
    package func replaceGlobal(_ members: JSONObject) { changeVariables { $0.global = members } }
    package func replaceCache(_ members: JSONObject) { changeVariables { $0.cache = members } }
    public func replaceBody(_ body: JSON?) { changeVariables { $0.body = body } }
    /// `$render` with a non-empty register makes it the view data (R31), hiding `head.data`'s keys.
    package func replaceViewData(_ data: JSONObject) { changeVariables { $0.viewData = data } }
    package func mergeScriptGlobals(_ members: JSONObject) { changeVariables { for (k, v) in members { $0.scriptGlobals[k] = v } } }
    package func clearScriptGlobals() { changeVariables { $0.scriptGlobals = [:] } }

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
                                        action: node, origin: origin))
            w.changedTimers = true
        }
    }

    /// Stops the timer `name`, or every timer.
    public func stopTimer(_ name: String?) {
        working.withLock { w in
            w.timers.stop(name)
            w.changedTimers = true
        }
    }

    /// The stub file's next answer for `type`, if it has one.
    public func nextAnswer(for type: String) -> DeviceAnswer? {
        working.withLock { w in
            let answer = w.answers.next(for: type)
            if answer != nil { w.changedAnswers = true }
            return answer
        }
    }

    /// Queues an action to run after the current chain (E7).
    package func post(_ call: QueuedCall) {
        let queued = working.withLock { w -> Bool in
            guard !w.closed else { return false }
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
            guard !w.closed else { return false }
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
            w.changedStores = true
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
