import CJavaScriptCore
import Synchronization
import Testing
@testable import JasonScript

/// The limits every evaluation runs under (Docs/Diagnostics.md, "Limits"): time, however often a
/// runaway expression comes back; memory, within one expression and across many that keep what they
/// allocate; and the watch that catches what no limit inside JavaScriptCore can stop.
@Suite struct ScriptLimitTests {
    /// One test makes an `EngineContext` itself, which expects the library loaded (a `ScriptEngine` loads
    /// it first); run before any other test had, it called a null function.
    init() { _ = jsc_load() }

    @Test func theSameRunawayLoopIsStoppedEveryTime() {
        let engine = ScriptEngine(timeLimit: 0.1)
        for attempt in 1...6 {
            guard case .threw(let message) = engine.evaluate("(function(){ while(true){} })()", this: ["a": 1]) else {
                Issue.record("attempt \(attempt) was not stopped")
                return
            }
            #expect(message.hasPrefix("stopped after running longer than 100 ms"), "attempt \(attempt): \(message)")
        }
        #expect(engine.evaluate("2 * 21", this: ["a": 1]) == .value(42))
    }

    @Test func oneExpressionThatAllocatesWithoutBoundIsStopped() {
        let engine = ScriptEngine(limits: ScriptLimits(time: 30, memory: 64 << 20))
        let hog = "(function(){ var a = []; while(true){ a.push(new Array(100000).fill(1.5)) } })()"
        guard case .threw(let message) = engine.evaluate(hog, this: ["a": 1]) else {
            Issue.record("the allocation was not stopped")
            return
        }
        #expect(message.hasPrefix("stopped: JavaScript's heap grew past 64 MB"), "\(message)")
    }

    @Test func expressionsThatKeepWhatTheyAllocateAreStoppedToo() {
        let engine = ScriptEngine(limits: ScriptLimits(time: 30, memory: 64 << 20))
        let keep = "(this.kept = globalThis.kept = (globalThis.kept || [])).push(new Array(1000000).fill(1.5))"
        var stopped: String?
        for _ in 0..<400 {
            if case .threw(let message) = engine.evaluate(keep, this: ["a": 1]) {
                stopped = message
                break
            }
        }
        #expect(stopped?.hasPrefix("stopped: JavaScript's heap grew past") == true, "\(stopped ?? "never stopped")")
    }

    @Test func promiseJobsThatNeverEndAreCaughtByTheWatch() async {
        let caught = Mutex<String?>(nil)
        let watch = RunawayWatch(grace: 0.5) { expression, _ in caught.withLock { $0 = expression } }
        let context = EngineContext(limits: ScriptLimits(time: 0.2), watch: watch)
        // The flood runs inside the call, after the expression returned, for 5 s of jobs the time limit
        // never sees; the watch, whose callback here only records, names it meanwhile.
        let flood = "(function(){ var end = Date.now() + 5000; function f(){ if (Date.now() < end) Promise.resolve().then(f) } f(); return 1 })()"
        _ = context.call(flood, receiver: context.receiver(for: ["a": 1], extras: [:]))
        #expect(caught.withLock { $0 } == flood, "the watch named the expression")
        watch.stop()
    }
}
