import JasonJSON
import JasonRuntime
import JasonScript

/// What a face (the REPL, the preview) may read of the run. It changes the run only through the
/// debugger's operations (DebuggerWrites.swift), which keep the timeline true: the compiler holds a
/// face to that, since this view has nothing that writes.
package protocol RunView: AnyObject {
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
    var openDocumentFiles: [(url: String, files: [String])] { get }
    func templateData(jason: JSON?) -> JSON
    func value(of variable: Interpreter.Variable) -> JSONObject
}

extension Interpreter: RunView {}

extension Debugger {
    /// The run, to read.
    package var run: any RunView { interpreter }
}
