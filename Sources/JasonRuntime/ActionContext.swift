import JasonJSON
import JasonScript
import JasonTemplate
import Synchronization

/// A call waiting for its turn: an action (or an event handler's name) and the `$jason` it starts with.
public struct QueuedCall: Sendable {
    public enum Start: Sendable {
        case node(ActionNode)
        /// A key of `head.actions`, looked up when the call runs (`$load`, a host's event).
        case named(String)
        /// JSON that still has to be parsed as an action (typed at the REPL, sent by a host).
        case json(JSON, origin: String)
        /// An action that was written in the document at `origin` (a timer's action, say), rendered since.
        case written(JSON, origin: ActionPath)
        /// A suspended chain going on: the `success` of a `$href` after `$ok`, with its open lambda frames.
        case resume(ActionNode, frames: [ActionCall], origin: String)
    }

    public var start: Start
    public var jason: JSON?

    public init(_ start: Start, jason: JSON? = nil) {
        self.start = start
        self.jason = jason
    }
}

/// The FIFO queue of calls that arrive while a chain runs (R8, R22). Safe to use from any task, so hosts
/// and handlers can post to it.
public final class EventInbox: Sendable {
    private let calls = Mutex<[QueuedCall]>([])

    public init() {}

    public func post(_ call: QueuedCall) { calls.withLock { $0.append(call) } }

    func next() -> QueuedCall? {
        calls.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    public var isEmpty: Bool { calls.withLock { $0.isEmpty } }

    /// The queue as one value, for snapshots and debuggers.
    package var saved: [QueuedCall] {
        get { calls.withLock { $0 } }
        set { calls.withLock { $0 = newValue } }
    }

    public func removeAll() { calls.withLock { $0.removeAll() } }
}

/// What a handler may reach besides its options: the view's document, variables and templates, the
/// template engine, the console, and the queue (to start another chain, which runs after the current
/// one, E7). Not the view stack: the interpreter alone moves between views, and a context that held the
/// stack would make a cycle (the stack holds the views, each view its context). A class, so that handing
/// it to each action costs one reference, not a copy.
public final class ActionContext: Sendable {
    public let state: ViewState
    /// The environment, with `viewURL` set to this view's URL.
    public let environment: ActionEnvironment
    public let inbox: EventInbox
    public let timers: TimerTable
    /// `head.templates` of the document.
    public let templates: JSONObject
    public let renderer: Transformer
    /// The document of the view the actions run in.
    public let document: Document
    /// The URL of the first document, at the bottom of the view stack: `file://name` is relative to it.
    let firstURL: String
    /// The JavaScript engine behind `{{ }}` (`$script.include` adds to it).
    public let scripts: ScriptEngine
    /// Where a handler reports a problem that does not fail its action (a second completion, say).
    public let issues: IssueLog

    init(state: ViewState, environment: ActionEnvironment, inbox: EventInbox, timers: TimerTable,
         templates: JSONObject, renderer: Transformer, document: Document, firstURL: String, scripts: ScriptEngine,
         issues: IssueLog) {
        self.state = state
        self.environment = environment
        self.inbox = inbox
        self.timers = timers
        self.templates = templates
        self.renderer = renderer
        self.document = document
        self.firstURL = firstURL
        self.scripts = scripts
        self.issues = issues
    }

    public var console: any Console { environment.console }

    public func call(_ action: JSON, jason: JSON? = nil) {
        inbox.post(QueuedCall(.json(action, origin: "call"), jason: jason))
    }
}
