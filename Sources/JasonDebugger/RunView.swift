import JasonJSON
import JasonRuntime
import JasonScript

/// What a face (the REPL, the preview) may read of the run. It changes the run only through the
/// debugger's operations (DebuggerWrites.swift), which keep the timeline true: the compiler holds a
/// face to that, since this view has nothing that writes.
package protocol RunView: AnyObject {
    /// The run's state, a value: reading it never changes the run.
    var state: RunState { get }
    var document: Document { get }
    var views: [ViewRecord] { get }
    var variables: ViewVariables { get }
    var timers: Timers { get }
    var environment: ActionEnvironment { get }
    var pending: ActionStep? { get }
    var hasQueuedCalls: Bool { get }
    var queuedOrigins: [String] { get }
    var diagnostics: [Diagnostic] { get }
    var steps: Int { get }
    var session: JSONObject { get }
    /// Evaluates what the REPL's `print` and the preview's pictures ask (it compiles; it runs no action).
    var scriptEngine: ScriptEngine { get }
    func templateData(jason: JSON?) -> JSON
}

extension Interpreter: RunView {}

extension Debugger {
    /// The run, to read.
    package var run: any RunView { interpreter }
}
