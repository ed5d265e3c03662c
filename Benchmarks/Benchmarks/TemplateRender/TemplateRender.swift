import Benchmark
import JasonJSON
import JasonScript
import JasonTemplate

/// The 1000-item render of issue "ST template engine": a `vertical` whose components come from
/// `#each` over 1000 items, plus a header from `$global`. Figures are per rendered item.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
                                           maxDuration: .seconds(5), maxIterations: 500)

    let template = Fixture.template
    let data = Fixture.data(items: 1_000)
    let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(ScriptEngine()))
    Benchmark("render 1000 items (per item)", configuration: .init(scalingFactor: .kilo)) { _ in
        blackHole(transformer.transform(template, data: data))
    }

    // Baseline in the same run: every expression through JavaScriptCore, no Swift fast path (how st.js
    // works, though st.js also compiles each expression anew on every evaluation).
    let scriptOnly = Transformer(evaluator: ScriptEvaluator(engine: ScriptEngine()))
    Benchmark("baseline: render 1000 items, all expressions in JavaScriptCore (per item)",
              configuration: .init(scalingFactor: .kilo)) { _ in
        blackHole(scriptOnly.transform(template, data: data))
    }

    // The same template with one JavaScript expression per item, to show what leaving the fast path costs.
    let jsTemplate = Fixture.templateWithScript
    Benchmark("render 1000 items, one JS expression each (per item)", configuration: .init(scalingFactor: .kilo)) { _ in
        blackHole(transformer.transform(jsTemplate, data: data))
    }

    // Engine start-up: a new engine and its first expression.
    Benchmark("first expression on a new engine", configuration: .init(maxIterations: 50)) { _ in
        blackHole(ScriptEngine().evaluate("1 + 1", this: ["a": 1]))
    }
}

enum Fixture {
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
