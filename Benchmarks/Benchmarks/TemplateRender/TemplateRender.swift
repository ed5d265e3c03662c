import Benchmark
import JasonJSON
import JasonRuntime

/// The 1000-item render of issue "ST template engine": a `vertical` whose components come from
/// `#each` over 1000 items, plus a header from `$global`. Figures are per rendered item. The template is
/// transformed through the public API (an action's `context.transform`), as a host's action would.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
                                           maxDuration: .seconds(5), maxIterations: 500)

    let data = Fixture.data(items: 1_000)
    let plain = Fixture.interpreter(template: Fixture.template, data: data)
    Benchmark("render 1000 items (per item)", configuration: .init(scalingFactor: .kilo)) { _ in
        await Fixture.transform(plain)
    }

    // The same template with one JavaScript expression per item, to show what leaving the fast path costs.
    let script = Fixture.interpreter(template: Fixture.templateWithScript, data: data)
    Benchmark("render 1000 items, one JS expression each (per item)", configuration: .init(scalingFactor: .kilo)) { _ in
        await Fixture.transform(script)
    }

    // Engine start-up: a new interpreter (and JavaScript engine) and its first expression.
    Benchmark("first expression on a new engine", configuration: .init(maxIterations: 50)) { _ in
        await Fixture.transform(Fixture.interpreter(template: "{{1 + 1}}", data: [:]))
    }
}

enum Fixture {
    struct Silent: Console {
        func print(_ line: String) {}
        func printError(_ line: String) {}
    }

    /// An interpreter whose `$bench.transform` transforms `template` against `data`.
    static func interpreter(template: JSON, data: JSON) -> Interpreter {
        var registry = ActionRegistry()
        registry.register(group: "bench", ["transform": ClosureHandler { _, context in
            context.transform(template, data: data)
        }])
        let document = try! Document.load(SourceFile(name: "bench.json", text: #"{"type": "$bench.transform"}"#))
        return Interpreter(document: document, registry: registry, console: Silent())
    }

    static func transform(_ interpreter: Interpreter) async {
        interpreter.perform(["type": "$bench.transform"])
        await interpreter.runUntilIdle()
    }

    static let item: JSON = [
        "type": "label", "id": "{{id}}", "text": "{{name}} costs {{price}}",
        "badge": [["{{#if sold}}": "sold"], ["{{#else}}": "available"]],
        "tags": "{{tags}}", "href": ["url": "https://example.com/items/{{id}}"],
    ]

    static let template: JSON = [
        "type": "vertical",
        "header": ["type": "label", "text": "Hello {{$global.user.name}}"],
        "components": ["{{#each $jason.items}}": item],
    ]

    static let templateWithScript: JSON = {
        guard case .object(var members) = item else { return item }
        members["text"] = "{{name.toUpperCase()}} costs {{price}}"
        return ["type": "vertical", "components": ["{{#each $jason.items}}": .object(members)]]
    }()

    static func data(items count: Int) -> JSON {
        let items = (0..<count).map { i -> JSON in
            ["id": .int(i), "name": .string("item \(i)"), "price": .double(Double(i) + 0.5),
             "tags": ["a", "b"], "sold": .bool(i % 3 == 0)]
        }
        return ["$jason": ["items": .array(items)], "$global": ["user": ["name": "Ann"]], "$get": [:]]
    }
}
