// A host app that integrates jasonrun, as seed 000's "Integration" half does: a document opens one of
// the host's own screens with an href whose `view` names it, passing `options` (the seed's `jason`
// property); the screen's answer resumes the chain, like `$ok` from a document.
// Run: swift run Integration Examples/Integration/app.json
import Foundation
import JasonActions
import JasonJSON
import JasonRuntime

struct TerminalConsole: Console {
    func print(_ line: String) { Swift.print(line) }
    func printError(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}

/// The host's payment screen. A real app would show UI; this one approves amounts up to 100.
struct PaymentScreen: NativeScreen {
    func open(_ jason: JSON?, in context: ActionContext) async throws(ActionFailure) -> JSON? {
        let product = jason?["product_id"]?.stringValue ?? "?"
        let amount = jason?["amount"]?.doubleValue ?? 0
        context.output.print("[PaymentViewController] paying \(amount) for \(product)")
        guard amount <= 100 else { throw ActionFailure(payload: ["message": "declined: over the limit"]) }
        return ["receipt": .string("R-\(product)"), "amount": jason?["amount"] ?? 0]
    }
}

var registry = StandardLibrary.registry
registry.register(screen: "MainStoryboard.PaymentViewController", PaymentScreen())

let path = CommandLine.arguments.dropFirst().first ?? "Examples/Integration/app.json"
guard let data = FileManager.default.contents(atPath: path),
      let document = try? Document.load(SourceFile(name: path, bytes: [UInt8](data))) else {
    FileHandle.standardError.write(Data("Integration: cannot load \(path)\n".utf8))
    exit(65)
}
let interpreter = Interpreter(document: document, registry: registry, environment: ActionEnvironment(console: TerminalConsole()))
await interpreter.start()
await interpreter.runUntilIdle()

// The user taps the document's "Buy" item: the host feeds the tap in and runs it.
let item = JSONPointer.root.appending("$jason").appending("body").appending("sections").appending(0)
    .appending("items").appending(0)
if let buy = document.root.value(at: item) { interpreter.tap(buy, at: item) }
await interpreter.runUntilIdle()
exit(interpreter.diagnostics.contains { $0.severity == .error } ? 1 : 0)
