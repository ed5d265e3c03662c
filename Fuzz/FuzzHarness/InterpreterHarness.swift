import JasonActions
import JasonJSON
import JasonRuntime
import JasonScript

/// A whole run: the input is loaded as a document (or a bare action) and run with the standard library
/// on the virtual clock, with in-memory stores, no stubs (every request fails as offline), no user at
/// the keyboard, and file:// confined to `folder`: nothing reaches the network or a file outside it.
/// Every run is bounded by the interpreter's limits (steps, virtual time, views, wall time) and the
/// engine's (JavaScript time and heap); one that escapes them is a libFuzzer timeout or memory finding.
package final class InterpreterHarness: Sendable {
    let folder: String
    /// One engine for every run, as in `TemplateHarness`.
    let engine: ScriptEngine

    package init(folder: String, limits: ScriptLimits = ScriptLimits(time: 0.25, memory: 256 << 20)) {
        self.folder = folder
        engine = ScriptEngine(limits: limits)
    }

    /// Runs the input to its end; returns the diagnostics (nil when it is not a document).
    @discardableResult
    package func run(_ bytes: [UInt8]) async -> [Diagnostic]? {
        guard let document = try? Document.load(SourceFile(name: "fuzz.json", bytes: bytes)) else { return nil }
        let clock = VirtualClock()
        let files = FileTransport(next: OfflineTransport(), access: FileAccess(folders: [folder]))
        let environment = ActionEnvironment(
            console: Silent(), stores: .inMemory(), viewURL: "file://\(folder)/fuzz.json", clock: clock,
            transport: StubTransport(stubs: [], next: files, clock: clock), answers: AnswerBook(), input: nil)
        let interpreter = Interpreter(document: document, registry: StandardLibrary.registry,
                                      environment: environment, scriptEngine: engine)
        interpreter.limits.maxSteps = 2_000
        interpreter.limits.timeLimit = 60
        interpreter.limits.maxViews = 8
        interpreter.limits.maxCallDepth = 1_000
        interpreter.limits.wallTime = 5
        await interpreter.start()
        await interpreter.runUntilIdle()
        return interpreter.diagnostics
    }
}

/// Prints nothing, so the fuzzer's output stays libFuzzer's own; bodies are still turned into text.
struct Silent: Console {
    func print(_ line: String) {}
    func printError(_ line: String) {}
    func present(body: JSON) { _ = JSONPrinter.compact(body) }
}
