import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import Synchronization

/// Keeps what actions print; bodies as compact JSON.
final class RecordingConsole: Console {
    private let lines = Mutex<[String]>([])
    var printed: [String] { lines.withLock { $0 } }
    func print(_ line: String) { lines.withLock { $0.append(line) } }
    func printError(_ line: String) { lines.withLock { $0.append("stderr: " + line) } }
    func present(body: JSON) { lines.withLock { $0.append("body: " + JSONPrinter.compact(body)) } }
}

struct Outcome {
    let interpreter: Interpreter
    let console: RecordingConsole
    var printed: [String] { console.printed }
    var diagnostics: [Diagnostic] { interpreter.diagnostics }
}

/// Runs `text` (a document or an action) with the standard registry and the given stores.
func run(_ text: String, stores: Stores = .inMemory(), viewURL: String = "file:///flow.json") async throws -> Outcome {
    let document = try Document.load(SourceFile(name: "flow.json", text: text))
    let console = RecordingConsole()
    let environment = ActionEnvironment(console: console, stores: stores, viewURL: viewURL)
    let interpreter = Interpreter(document: document, registry: StandardLibrary.registry, environment: environment)
    interpreter.start()
    await interpreter.runUntilIdle()
    return Outcome(interpreter: interpreter, console: console)
}

/// A new empty folder for a test's files.
func temporaryFolder() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("jasonrun-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.path
}
