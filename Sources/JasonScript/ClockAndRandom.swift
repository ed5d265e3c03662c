import CJavaScriptCore

/// What scripts read as the time and as chance. `Date.now()` and `new Date()` read `__jrNow` (Unix
/// milliseconds) when the host sets it, so that under a virtual clock JavaScript's time is the
/// interpreter's; `Math.random()` draws from a seeded generator (mulberry32) when the engine has a seed,
/// so that two runs with the same seed draw the same numbers. Without either, both are JavaScript's own.
enum ClockAndRandom {
    static func prelude(seed: UInt64?) -> String {
        // The seed folds to 32 bits: the generator's state is one 32-bit integer.
        let state = seed.map { String(UInt32(truncatingIfNeeded: $0 ^ ($0 >> 32))) } ?? "null"
        return """
            var __jrNow = null;
            (function () {
              var RealDate = Date;
              var JRDate = function Date(a, b, c, d, e, f, g) {
                if (!new.target) return __jrNow === null ? RealDate() : new RealDate(__jrNow).toString();
                var args = Array.prototype.slice.call(arguments);
                if (args.length === 0 && __jrNow !== null) args = [__jrNow];
                return Reflect.construct(RealDate, args, new.target);
              };
              JRDate.prototype = RealDate.prototype;
              JRDate.now = function now() { return __jrNow === null ? RealDate.now() : __jrNow; };
              JRDate.UTC = RealDate.UTC;
              JRDate.parse = RealDate.parse;
              Object.defineProperty(RealDate.prototype, "constructor", { value: JRDate, writable: true, configurable: true });
              Date = JRDate;
              var state = \(state);
              if (state === null) return;
              Math.random = function random() {
                state = (state + 0x6D2B79F5) | 0;
                var t = Math.imul(state ^ (state >>> 15), 1 | state);
                t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
                return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
              };
            })();
            """
    }
}

extension EngineContext {
    /// Tells scripts the time (Unix milliseconds), or that they read the real clock (nil). Only a change
    /// reaches JavaScript: a virtual clock stands still between timers.
    func tellTime(_ milliseconds: Double?) {
        guard milliseconds != toldTime else { return }
        toldTime = milliseconds
        let name = JSStringCreateWithUTF8CString("__jrNow")
        defer { JSStringRelease(name) }
        let value = milliseconds.map { JSValueMakeNumber(context, $0) } ?? JSValueMakeNull(context)
        JSObjectSetProperty(context, JSContextGetGlobalObject(context), name, value, JSPropertyAttributes(kJSPropertyAttributeNone), nil)
    }
}
