import CJavaScriptCore
import JasonJSON
@testable import JasonScript
import Testing

/// A lone change of a number, boolean or null in the resident data is set by the call that follows:
/// the expression sees it, and so does everything after, whether that call ran or not.
@Suite struct DeferredSetTests {
    func evaluate(_ engine: ScriptEngine, _ expression: String, _ data: JSONObject, _ generation: inout Int?) -> ScriptResult {
        engine.evaluate(expression, root: .object(data), syncedAt: &generation).result
    }

    @Test func theCallThatFollowsSeesTheChange() {
        let engine = ScriptEngine()
        var data: JSONObject = ["$get": ["n": 1, "flag": true, "text": "a"]]
        var generation: Int? = nil
        #expect(evaluate(engine, "$get.n * 10", data, &generation) == .value(10))
        for (n, flag) in [(2, false), (3, true)] {
            data["$get"] = ["n": .int(n), "flag": .bool(flag), "text": "a"]
            generation = nil
            #expect(evaluate(engine, "$get.n * 10", data, &generation) == .value(.int(n * 10)))
            #expect(engine.evaluate("$get.flag", root: data) == .value(.bool(flag)))
        }
        // Two changes in one sync: the first waits for the call, the second is set at once; both are seen.
        data["$get"] = ["n": 7, "flag": .null, "text": "a"]
        generation = nil
        #expect(evaluate(engine, "[$get.n, $get.flag]", data, &generation) == .value([7, nil]))
    }

    /// Syncs `$get.n` = 1, lets `arrange` act on the context, then changes n to 2 and evaluates
    /// `expression`, which must fail. The data and the generation of that sync, for what follows.
    func changeThenFail(_ engine: ScriptEngine, _ expression: String,
                        arrange: (EngineContext) -> Void = { _ in }) -> (JSONObject, Int?)? {
        var data: JSONObject = ["$get": ["n": 1]]
        var generation: Int? = nil
        _ = evaluate(engine, "$get.n", data, &generation)
        engine.withContext(arrange)
        data["$get"] = ["n": 2]
        generation = nil
        guard case .threw = evaluate(engine, expression, data, &generation) else {
            Issue.record("expected \(expression) to fail")
            return nil
        }
        return (data, generation)
    }

    /// A syntax error: the expression is never called, and the change must not wait for the next call.
    @Test func aChangeLeftByACallThatNeverRanIsStillMade() throws {
        let engine = ScriptEngine()
        let (data, _) = try #require(changeThenFail(engine, "$get.n +"))
        let receiver = engine.rootReceiver(for: data)
        #expect(engine.evaluate("$get.n", receiver: receiver) == .value(2))
    }

    /// A limit may stop the call on entry, before it made the set; the change is made all the same (else
    /// every later sync would count it as made, and a loop reading it would never move on). The stop is
    /// played by a setter that throws once.
    @Test func aChangeIsMadeWhenTheCallStopsBeforeIt() throws {
        let engine = ScriptEngine()
        let (data, _) = try #require(changeThenFail(engine, "$get.n * 10") { context in
            let script = JSStringCreateWithUTF8CString("""
                var box = {value: this.n, armed: true};
                Object.defineProperty(this, "n", {enumerable: true, configurable: true,
                  get: function () { return box.value; },
                  set: function (v) { if (box.armed) { box.armed = false; throw new Error("stopped"); } box.value = v; }});
                """)
            defer { JSStringRelease(script) }
            let get = context.root!.objects[0]!
            #expect(JSEvaluateScript(context.context, script, get, nil, 1, nil) != nil)
        })
        var generation: Int? = nil
        #expect(evaluate(engine, "$get.n * 10", data, &generation) == .value(20))
    }

    /// An expression stopped by a limit after it wrote the value keeps its write for the rest of the render
    /// (the engine holds the truth after an expression that may change the data, until the next sync).
    /// An error the expression throws itself never reaches here: it is caught inside the call.
    @Test func aWriteBeforeAStopIsKept() throws {
        let engine = ScriptEngine(limits: ScriptLimits(time: 0.05))
        let (data, synced) = try #require(changeThenFail(engine, "$get.n = 50, (function () { while (true) {} })()"))
        var generation = synced   // the same render: no sync before the next expression
        #expect(evaluate(engine, "$get.n", data, &generation) == .value(50))
    }

    /// Text is never deferred (it is an object to the collector); it is seen all the same.
    @Test func aChangedTextIsSeenToo() {
        let engine = ScriptEngine()
        var data: JSONObject = ["$get": ["s": "a"]]
        var generation: Int? = nil
        _ = evaluate(engine, "$get.s", data, &generation)
        data["$get"] = ["s": "b"]
        generation = nil
        #expect(evaluate(engine, "$get.s + '!'", data, &generation) == .value("b!"))
    }
}
