import JasonJSON
import JasonScript
import Testing
@testable import JasonTemplate

/// A `#each` whose body evaluates its JavaScript expressions in a fixed order is done in one call into
/// the engine: the same results, in the same order, with each expression still under its own time limit.
@Suite struct LoopPrefetchTests {
    let items: JSON = [["n": "a", "p": 1.5], ["n": "b", "p": 2], 0, "text", ["n": "c", "p": -0.5]]

    func render(_ body: JSON, _ data: JSONObject, engine: ScriptEngine = ScriptEngine()) -> Transformed {
        Transformer(evaluator: PathEvaluator.withScriptEngine(engine)).transform(["{{#each items}}": body], data: .object(data))
    }

    /// Whether `body` over the items is evaluated in one go.
    func isDoneInOneCall(_ body: JSON, engine: ScriptEngine = ScriptEngine()) -> Bool {
        let data: JSON = ["items": items]
        let run = Transformation(evaluator: PathEvaluator.withScriptEngine(engine))
        let scope = Scope.top(data)
        let source = ItemSource(expression: ParsedExpression("items"), parent: scope, count: 5)
        return run.prefetch(TemplateNode(compiling: body), source: source, scope) != nil
    }

    @Test func aBodyOfExpressionsIsOneCall() {
        #expect(isDoneInOneCall(["t": "{{n.split('')[0]}}", "list": ["{{p ** 2}}", "x"]]))
        #expect(!isDoneInOneCall(["t": "{{n.toUpperCase()}}", "list": ["{{p * 2}}", "x"]]), "answered in Swift")
        #expect(isDoneInOneCall(["t": "{{n.split('')[0] + ' ' + (p * 1.2).toFixed(2)}}"]), "a method only the engine has")
        #expect(!isDoneInOneCall(["t": "{{n}}"]), "plain paths need no engine at all")
        #expect(!isDoneInOneCall(["t": "{{n.split('')[0]}}", "{{#if p > 1}}": "x"]))
        #expect(!isDoneInOneCall(["t": ["{{#if p > 1}}": "{{n.split('')[0]}}"]]))
        #expect(!isDoneInOneCall(["t": "{{this.seen = n}}"]), "an expression that may change the data")
    }

    @Test func resultsAreThoseOfOneByOne() {
        let body: JSON = ["t": "{{n.toUpperCase()}} {{(p * 2).toFixed(1)}}", "i": "{{$index * 10}}",
                          "r": "{{$root.c + 1}}", "u": "{{nothing}}", "e": "{{nosuch.x}}", "o": "{{ {a: n} }}",
                          "neg": "{{-0}}", "big": "{{2 ** 60}}", "half": "{{p / 4}}", "b": "{{p > 1}}",
                          "own": "{{Object.keys(this).length}}", "lone": "{{'\\ud800x'}}"]
        let rendered = render(body, ["items": items, "c": 0])
        guard case .array(let out)? = rendered.value, out.count == 5 else {
            Issue.record("\(String(describing: rendered.value))")
            return
        }
        #expect(out[0]["t"] == "A 3.0")
        #expect(out[1]["i"] == 10 && out[1]["r"] == 1 && out[1]["b"] == true)
        #expect(out[0]["u"] == "{{nothing}}" && out[0]["e"] == "{{nosuch.x}}")
        #expect(out[0]["o"] == ["a": "a"])
        #expect(out[0]["neg"] == .double(-0.0) && out[0]["neg"]?.doubleValue?.sign == .minus)
        #expect(out[0]["big"] == .double(1_152_921_504_606_846_976))
        #expect(out[0]["half"] == .double(0.375) && out[1]["half"] == .double(0.5))
        // A falsy item: nothing is evaluated. A string item: `$index` and `$root` on the prototypes.
        #expect(out[2]["i"] == "{{$index * 10}}")
        #expect(out[3]["i"] == 30 && out[3]["t"] == "{{n.toUpperCase()}} {{(p * 2).toFixed(1)}}")
        // `$root` and `$index` are own properties while the item's expressions run (st.js's bookkeeping).
        #expect(out[4]["own"] == 4)
        // A lone surrogate becomes U+FFFD, here as for a single expression.
        #expect(out[0]["lone"] == "\u{FFFD}x")
        let single = Transformer(evaluator: PathEvaluator.withScriptEngine()).transform(["v": "{{'\\ud800x'}}"], data: ["a": 1])
        #expect(single.value == ["v": "\u{FFFD}x"])
        #expect(rendered.diagnostics.contains { $0.expression == "nosuch.x" && $0.message.contains("ReferenceError") })
    }

    @Test func expressionsRunItemByItemInTheOrderWritten() {
        let engine = ScriptEngine()
        _ = engine.evaluate("function(){ var n = 0; globalThis.tick = function () { n += 1; return n; }; }", this: .null)
        let out = render(["a": "{{tick()}}", "b": "{{tick()}}"], ["items": [["x": 1], ["x": 2]]], engine: engine)
        #expect(out.value == [["a": 1, "b": 2], ["a": 3, "b": 4]])
    }

    @Test func theTimeLimitIsEachExpressionsOwn() {
        // 12 items of 40 ms each: 0.48 s in all, past the 0.25 s limit, but no one expression is.
        let engine = ScriptEngine(timeLimit: 0.25)
        // (Written without `=`, which would make it look like it changes the data: no loop in one call.)
        let wait = "{{(function(){ for (const end of [Date.now() + 40]) while (Date.now() < end) {} return i; })()}}"
        let many = JSON.array((0..<12).map { ["i": .int($0)] })
        #expect(isDoneInOneCall(["v": .string(wait)]))
        let out = render(["v": .string(wait)], ["items": many], engine: engine)
        #expect(out.diagnostics.isEmpty, "\(out.diagnostics.map(\.message))")
        #expect(out.value == .array((0..<12).map { ["v": .int($0)] }))
    }

    @Test func anExpressionStoppedByTheLimitFailsAloneAndTheLoopGoesOn() {
        let engine = ScriptEngine(timeLimit: 0.2)
        let body: JSON = ["v": "{{n == 'b' ? (function(){ while (true) {} })() : n + '!'}}"]
        #expect(isDoneInOneCall(body))
        let out = render(body, ["items": [["n": "a"], ["n": "b"], ["n": "c"]]], engine: engine)
        #expect(out.value == [["v": "a!"], ["v": "{{n == 'b' ? (function(){ while (true) {} })() : n + '!'}}"], ["v": "c!"]])
        #expect(out.diagnostics.count == 1 && out.diagnostics.first?.message.contains("stopped after running longer") == true)
    }
}
