import Foundation
import CJavaScriptCore
import JasonJSON

/// The JavaScriptCore context and what we keep in it. Used only under the engine's lock, hence unchecked,
/// and so are its variables' accesses (each checked access cost more than the read it guarded).
final class EngineContext: @unchecked Sendable {
    let group: JSContextGroupRef
    let context: JSGlobalContextRef
    /// Compiled expression functions by expression text; a syntax error is kept as its message.
    @exclusivity(unchecked) var compiled: [String: Result<Compiled, CompileError>] = [:]
    /// The expression compiled or found last, asked again first.
    @exclusivity(unchecked) var lastCompiled: (expression: String, result: Result<Compiled, CompileError>)?
    /// `__stCall(fn, self, names, values)`: calls fn with `this` = self, with extra properties on the
    /// prototypes meanwhile (how st.js gives primitives a `$index`).
    let callWithPrototypeExtras: JSObjectRef
    /// Returned by a compiled function whose body threw; the message is left in `__stError`.
    let failure: JSValueRef
    let errorName: JSStringRef
    /// `JSON.stringify` leaving out st.js's bookkeeping keys.
    let stringify: JSObjectRef
    /// `JSON.stringify` as JavaScript has it, for results known to be plain.
    let plainStringify: JSObjectRef
    /// The function that runs a whole `#each` (LoopCalls.swift), made when first needed.
    @exclusivity(unchecked) var eachLoop: JSObjectRef?
    @exclusivity(unchecked) var root: RootMirror?
    /// Property names made once (`$index`, `length`, `#let` names).
    @exclusivity(unchecked) var propertyNames: [String: JSStringRef] = [:]
    /// The name `propertyName` gave last (one of `propertyNames`).
    @exclusivity(unchecked) var lastPropertyName: (name: String, key: JSStringRef)?
    /// While a sync may leave a change of a number, boolean or null to the call that follows
    /// (DeferredSet.swift), and the change left; the key string made last for such a call, protected.
    @exclusivity(unchecked) var defersSets = false
    @exclusivity(unchecked) var deferredSet: DeferredSet?
    @exclusivity(unchecked) var lastKey: (name: String, value: JSValueRef)?
    /// `__stSetThenCall(fn, self, target, key, value)`: sets `target[key]`, then calls fn with `this` = self.
    let setThenCall: JSObjectRef
    let limits: ScriptLimits
    let evaluationGuard: EvaluationGuard
    let builtins: BuiltinsFlag
    let numbers: NumberBits
    /// The time last told to scripts (`ClockAndRandom`); nil while they read the real clock.
    @exclusivity(unchecked) var toldTime: Double?
    /// Where `Date` reads the time (`ScriptEngine.readTime`), kept here too: read under the lock every
    /// evaluation takes anyway, not under a second one.
    @exclusivity(unchecked) var timeReader: TimeReader?

    struct CompileError: Error { var message: String }

    struct Compiled {
        var function: JSObjectRef
        /// The expression may change the data it reads (an assignment, `push`…): the resident copy of
        /// the top-level data is then converted anew before the next evaluation.
        var mayMutate: Bool
    }

    /// JavaScriptCore reads its options from the environment once, when its first VM is made. Its
    /// default, signal-based traps let a loop that has been optimised (the third or fourth time the same
    /// expression runs) miss the watchdog for good; polling traps check it in every loop.
    private static let engineOptions: Void = { setenv("JSC_usePollingTraps", "1", 0) }()

    init(limits: ScriptLimits, watch: RunawayWatch, builtins: BuiltinsFlag = BuiltinsFlag(), seed: UInt64? = nil) {
        self.limits = limits
        self.builtins = builtins
        Self.engineOptions
        group = JSContextGroupCreate()
        context = JSGlobalContextCreateInGroup(group, nil)
        numbers = NumberBits(context: context)
        evaluationGuard = EvaluationGuard(limits: limits, context: context, watch: watch)
        evaluationGuard.arm(group)
        // WebAssembly is left out: templates have no use for it, and its loops would be one more thing
        // to stop (the phone's engine had it; no template in the corpus uses it).
        let prelude = """
            delete this.WebAssembly;
            var $jason;
            var __stError = "";
            var __stFailure = {};
            function __stFail(e) { __stError = String(e); return __stFailure; }
            var __stProtos = [String.prototype, Number.prototype, Boolean.prototype, Array.prototype, Function.prototype];
            function __stCall(fn, self, names, values) {
              for (var p = 0; p < __stProtos.length; p++)
                for (var i = 0; i < names.length; i++) __stProtos[p][names[i]] = values[i];
              try { return fn.call(self); } finally {
                for (var p = 0; p < __stProtos.length; p++)
                  for (var i = 0; i < names.length; i++) delete __stProtos[p][names[i]];
              }
            }
            var __stApply = Reflect.apply, __stNoArguments = Object.freeze([]);
            function __stSetThenCall(fn, self, target, key, value) {
              target[key] = value;
              return __stApply(fn, self, __stNoArguments);
            }
            function __stSkip(k, x) { return (k === "$root" || k === "$index") ? undefined : x; }
            function __stStringify(v) { return __stJSON(v, __stSkip); }
            var __stJSON = JSON.stringify;
            JSON.stringify = function (v, replacer, space) {
              if (replacer || typeof v !== "object") return __stJSON(v, replacer, space);
              return __stJSON(v, function (k, x) {
                if (k === "$root" || k === "$index") return undefined;
                return typeof x === "function" ? "(" + x.toString() + ")" : x;
              }, space);
            };
            """
        _ = Self.evaluateScript(context, prelude + ClockAndRandom.prelude(seed: seed))
        callWithPrototypeExtras = Self.global(context, "__stCall")
        stringify = Self.global(context, "__stStringify")
        failure = Self.global(context, "__stFailure")
        plainStringify = Self.global(context, "__stJSON")
        setThenCall = Self.global(context, "__stSetThenCall")
        errorName = JSStringCreateWithUTF8CString("__stError")
        for value in [callWithPrototypeExtras, stringify, failure, plainStringify, setThenCall] { JSValueProtect(context, value) }
    }

    deinit {
        evaluationGuard.end()
        for (_, entry) in compiled { if case .success(let c) = entry { JSValueUnprotect(context, c.function) } }
        for value in [callWithPrototypeExtras, stringify, failure, plainStringify, setThenCall] { JSValueUnprotect(context, value) }
        if let lastKey { JSValueUnprotect(context, lastKey.value) }
        if let eachLoop { JSValueUnprotect(context, eachLoop) }
        if var mirror = root.take() { forget(&mirror.objects, count: 0) }
        for (_, name) in propertyNames { JSStringRelease(name) }
        JSStringRelease(errorName)
        JSGlobalContextRelease(context)
        JSContextGroupRelease(group)
    }

    static func evaluateScript(_ context: JSGlobalContextRef, _ source: String) -> JSValueRef? {
        let script = JSStringCreateWithUTF8CString(source)
        defer { JSStringRelease(script) }
        var exception: JSValueRef? = nil
        return JSEvaluateScript(context, script, nil, nil, 1, &exception)
    }

    static func global(_ context: JSGlobalContextRef, _ name: String) -> JSObjectRef {
        let value = evaluateScript(context, name)
        return JSValueToObject(context, value, nil)
    }

    /// The compiled function for an expression (st.js's three forms, T2), from the cache when possible.
    /// The syntax error of the expression as the user wrote it, when it has one on its own: the error
    /// from our wrapper (`return (…)`) would blame a parenthesis the user never typed.
    func userSyntaxError(_ expression: String) -> String? {
        let script = JSStringCreateWithUTF8CString(expression)
        defer { JSStringRelease(script) }
        var exception: JSValueRef? = nil
        guard !JSCheckScriptSyntax(context, script, nil, 1, &exception), let exception else { return nil }
        return describe(exception)
    }

    func function(for expression: String) -> Result<Compiled, CompileError> {
        // The text usually comes from the same template node each time: the same string storage, which
        // compares at once, where the dictionary hashes the whole text.
        if let last = lastCompiled, last.expression == expression { return last.result }
        if let cached = compiled[expression] {
            lastCompiled = (expression, cached)
            return cached
        }
        let body = ExpressionForm(expression).functionBody
        let source = "(function () { try { with (this) { \(body) } } catch (e) { return __stFail(e); } })"
        var exception: JSValueRef? = nil
        let script = JSStringCreateWithUTF8CString(source)
        defer { JSStringRelease(script) }
        let value = JSEvaluateScript(context, script, nil, nil, 1, &exception)
        let result: Result<Compiled, CompileError>
        if let value, exception == nil, let fn = JSValueToObject(context, value, nil) {
            JSValueProtect(context, fn)
            let mayMutate = ExpressionForm.mayMutate(expression)
            if mayMutate || ExpressionForm.mayReplaceBuiltins(expression) { builtins.replaced.store(true, ordering: .relaxed) }
            result = .success(Compiled(function: fn, mayMutate: mayMutate))
        } else {
            result = .failure(CompileError(message: userSyntaxError(expression)
                                           ?? exception.map(describe) ?? "could not compile"))
        }
        compiled[expression] = result
        lastCompiled = (expression, result)
        return result
    }
}
