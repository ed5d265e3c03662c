// A host that extends jasonrun, as seed 000's "Extension" half does for Objective-C:
//   - an action group `$notify` whose `banner` method ends through a completion (the seed's
//     `[[Jason client] success]`), from another task, as asynchronous work does;
//   - a `map` component drawn by `--render tree`-style output, with the shared stylize step.
// Run: swift run CustomAction Examples/CustomAction/app.json
import Foundation
import JasonActions
import JasonJSON
import JasonRuntime

/// Prints each line, and bodies as an outline drawn with our components.
struct TerminalConsole: Console {
    let tree: ComponentTree
    func print(_ line: String) { Swift.print(line) }
    func printError(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    func present(body: JSON) { tree.lines(body).forEach { Swift.print($0) } }
}

// 1. The action group: `$notify.banner`, declared like every built-in action.
let banner = CallbackHandler(ActionSpec(
    "Shows a notification banner.",
    options: [OptionSpec("title", .text, required: true, "the banner's title"),
              OptionSpec("description", .text, "the text under it")],
    returns: "{\"shown\": true}")) { invocation, context, done in
    let title = invocation.optionObject["title"]?.stringValue ?? ""
    let description = invocation.optionObject["description"]?.stringValue ?? ""
    Task {
        context.output.print("🔔 \(title): \(description)")
        done.success(["shown": true])   // the seed's [[Jason client] success: @{...}]
    }
}
var registry = StandardLibrary.registry
registry.register(group: "notify", ["banner": banner])

// 2. The component: `{"type": "map", "region": {"coord": …}}`.
var components = ComponentRegistry.standard
components.register("map", ClosureComponent { map in
    "📍 " + (map["region"]?["coord"]?.stringValue ?? "somewhere") + " (\(map["region"]?["width"]?.stringValue ?? "?") m wide)"
})

// 3. Load, run until nothing is left to do, report what went wrong.
let path = CommandLine.arguments.dropFirst().first ?? "Examples/CustomAction/app.json"
guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("CustomAction: cannot read \(path)\n".utf8))
    exit(66)
}
do {
    let document = try Document.load(SourceFile(name: path, bytes: [UInt8](data)))
    let console = TerminalConsole(tree: ComponentTree(components: components))
    let interpreter = Interpreter(document: document, registry: registry, environment: ActionEnvironment(console: console))
    await interpreter.start()
    await interpreter.runUntilIdle()
    for diagnostic in interpreter.diagnostics { console.printError("\(diagnostic.severity): \(diagnostic.message)") }
    exit(interpreter.diagnostics.contains { $0.severity == .error } ? 1 : 0)
} catch {
    FileHandle.standardError.write(Data("\(path): \(error.message)\n".utf8))
    exit(65)
}
