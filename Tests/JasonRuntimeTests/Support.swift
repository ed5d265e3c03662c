import JasonJSON
import JasonRuntime
import TestSupport
import Synchronization

/// Records every event, for assertions on the order of things.
final class EventLog: ExecutionObserver {
    private let events = Mutex<[ExecutionEvent]>([])
    var all: [ExecutionEvent] { events.withLock { $0 } }
    func observe(_ event: ExecutionEvent) async { events.withLock { $0.append(event) } }

    var maxDepth: Int {
        all.reduce(0) { depth, event in
            if case .willRun(let step) = event { return max(depth, step.depth) }
            return depth
        }
    }
}

/// Actions for tests: `$test.return` succeeds with its options, `$test.fail` fails with them,
/// `$test.print` prints its options as JSON.
let testRegistry: ActionRegistry = {
    var registry = ActionRegistry.core
    registry.register(group: "test", [
        "return": ClosureHandler { invocation, _ in invocation.options },
        "fail": ClosureHandler { invocation, _ throws(ActionFailure) in throw ActionFailure(payload: invocation.options) },
        "print": ClosureHandler { invocation, context in
            context.output.print(invocation.options.map(JSONPrinter.compact) ?? "<none>")
            return nil
        },
    ])
    return registry
}()

struct Run {
    let interpreter: Interpreter
    let console: RecordingConsole
    let log: EventLog

    var printed: [String] { console.printed }
    var diagnostics: [Diagnostic] { interpreter.diagnostics }
}

/// Loads `text` (a document or one action), runs it to the end and returns what happened.
func run(_ text: String, registry: ActionRegistry = testRegistry, maxSteps: Int? = 1_000_000,
         maxDepth: Int = 10_000) async throws -> Run {
    let document = try Document.load(SourceFile(name: "test.json", text: text))
    let console = RecordingConsole()
    let interpreter = Interpreter(document: document, registry: registry, console: console)
    interpreter.limits.maxSteps = maxSteps
    interpreter.limits.maxCallDepth = maxDepth
    let log = EventLog()
    interpreter.observers.append(log)
    await interpreter.start()
    await interpreter.runUntilIdle()
    return Run(interpreter: interpreter, console: console, log: log)
}

/// A document whose `head.actions` is `actions` (JSON text of the members).
func document(_ actions: String, data: String = "{}", templates: String = "{}") -> String {
    #"{"$jason": {"head": {"data": \#(data), "templates": \#(templates), "actions": {\#(actions)}}}}"#
}
