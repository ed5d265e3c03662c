import JasonJSON
import JasonScript
import Testing

@Suite struct ScriptEngineTests {
    let engine = ScriptEngine()

    @Test func evaluatesTheThreeExpressionForms() {
        let data: JSON = ["items": [1, 2, 3], "name": "x"]
        #expect(engine.evaluate("items.length + 1", this: data) == .value(4))
        #expect(engine.evaluate("var s = 0; items.forEach(function(i){ s += i; }); return s;", this: data) == .value(6))
        #expect(engine.evaluate("function(){ return name + '!' }", this: data) == .value("x!"))
        #expect(engine.evaluate("this.name", this: data) == .value("x"))
    }

    @Test func convertsResultsBack() {
        let data: JSON = ["o": ["a": [1, 2.5, nil, true]]]
        #expect(engine.evaluate("o", this: data) == .value(["a": [1, 2.5, nil, true]]))
        #expect(engine.evaluate("1/3", this: data) == .value(.double(1.0 / 3)))
        #expect(engine.evaluate("missing", this: data) == .threw("ReferenceError: Can't find variable: missing"))
        #expect(engine.evaluate("o.nope", this: data) == .undefined)
        #expect(engine.evaluate("new String('s')", this: data) == .value("s"))
        #expect(engine.evaluate("({a: 1, $root: 2, $index: 3})", this: data) == .value(["a": 1]))
    }

    @Test func syntaxErrorsAndThrowsAreReported() {
        guard case .threw(let message) = engine.evaluate("a +", this: [:]) else {
            Issue.record("expected a syntax error")
            return
        }
        // About what the user wrote, not the parenthesis of our wrapper (issue 12, item 17).
        #expect(message == "SyntaxError: Unexpected end of script")
        #expect(engine.evaluate("(function(){ throw new Error('boom') })()", this: ["a": 1]) == .threw("Error: boom"))
    }

    @Test func primitivesGetTheirExtrasOnThePrototype() {
        let receiver = engine.receiver(for: "abc", extras: ["$index": .json(4)])
        #expect(engine.evaluate("this + $index", receiver: receiver) == .value("abc4"))
        #expect(engine.evaluate("'x'.$index", this: "abc") == .undefined)
    }

    @Test func rootDataIsResidentAndFollowsChanges() {
        var data: JSONObject = ["$get": ["n": 1], "$jason": "a"]
        let first = engine.rootReceiver(for: data)
        #expect(engine.evaluate("$get.n + $jason", receiver: first) == .value("1a"))
        data["$get"] = ["n": 2]
        data["$jason"] = nil
        let second = engine.rootReceiver(for: data)
        #expect(engine.evaluate("$get.n", receiver: second) == .value(2))
        #expect(engine.evaluate("typeof $jason", receiver: second) == .value("undefined"))
        #expect(engine.evaluate("$root.$get.n", receiver: second) == .value(2))
        #expect(engine.evaluate("typeof $get.n", root: ["$get": [:], "x": 1]) == .value("undefined"))
        #expect(engine.evaluate("$get.n", root: data) == .value(2))
    }

    @Test func runawayScriptsAreStopped() {
        let quick = ScriptEngine(timeLimit: 0.2)
        guard case .threw(let message) = quick.evaluate("function(){ while (true) {} }", this: ["a": 1]) else {
            Issue.record("expected the loop to be stopped")
            return
        }
        #expect(message.hasPrefix("stopped after running longer than 200 ms"), "\(message)")
        #expect(quick.evaluate("1 + 1", this: ["a": 1]) == .value(2))
    }

    @Test func datesAreTheirTimeValueAsInSTjs() {
        #expect(engine.evaluate("new Date(1000)", this: ["a": 1]) == .value(1000))
        #expect(engine.evaluate("[new Date(5)]", this: ["a": 1]) == .value([.string("1970-01-01T00:00:00.005Z")]))
    }

    @Test func nanAndInfinityLeaveTheEngineAsNumbersAndPrintAsNull() {
        guard case .value(.double(let nan)) = engine.evaluate("0/0", this: ["a": 1]),
              case .value(.double(let infinity)) = engine.evaluate("1/0", this: ["a": 1]) else {
            Issue.record("expected numbers")
            return
        }
        #expect(nan.isNaN && infinity == .infinity)
        #expect(JSONPrinter.compact(.double(nan)) == "null")
    }

    @Test func scriptsReachNoFilesNetworkOrProcesses() {
        for name in ["require", "process", "fetch", "XMLHttpRequest", "WebSocket", "importScripts", "Deno", "Bun",
                     "WebAssembly"] {
            #expect(engine.evaluate("typeof \(name)", this: ["a": 1]) == .value("undefined"), "\(name)")
        }
    }

    @Test func startsLazily() {
        let fresh = ScriptEngine()
        #expect(!fresh.isStarted)
        _ = fresh.evaluate("1", this: ["a": 1])
        #expect(fresh.isStarted)
    }
}

