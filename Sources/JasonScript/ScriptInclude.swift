import CJavaScriptCore
import JasonJSON

extension ScriptEngine {
    /// Runs a whole script in the global scope (`$script.include`) so that later expressions can call
    /// what it defines. Returns the global names it added that hold data (functions stay in the engine);
    /// the interpreter shows those to templates as iOS did.
    package func include(_ source: String) -> Result<JSONObject, ScriptError> {
        if let loadFailure { return .failure(ScriptError(description: loadFailure)) }
        builtins.replaced.store(true, ordering: .relaxed)
        return withContext { $0.include(source) }
    }

    /// Runs a whole script in the global scope, under the limits, for its effects only (an agent's calls).
    package func run(_ source: String) -> ScriptError? {
        if let loadFailure { return ScriptError(description: loadFailure) }
        builtins.replaced.store(true, ordering: .relaxed)
        return withContext { $0.run(source) }
    }

    /// Whether the built-in methods are still JavaScript's own (see `BuiltinsFlag`).
    package var hasStandardBuiltins: Bool { !builtins.replaced.load(ordering: .relaxed) }

    /// Forgets every included script (`$script.clear`): the next expression starts a fresh context.
    package func reset() {
        dropContext()
        builtins.replaced.store(false, ordering: .relaxed)
    }
}

package struct ScriptError: Error, Sendable, CustomStringConvertible {
    package var description: String
}

extension EngineContext {
    func include(_ source: String) -> Result<JSONObject, ScriptError> {
        guard let global = JSContextGetGlobalObject(context) else { return .failure(ScriptError(description: "no global object")) }
        let before = Set(globalNames(global))
        if let error = run(source) { return .failure(error) }
        var added: JSONObject = [:]
        for name in globalNames(global) where !before.contains(name) {
            let key = JSStringCreateWithUTF8CString(name)
            defer { JSStringRelease(key) }
            guard let value = JSObjectGetProperty(context, global, key, nil),
                  !(JSValueIsObject(context, value) && JSObjectIsFunction(context, JSValueToObject(context, value, nil))),
                  case .value(let json) = convert(value) else { continue }
            added[name] = json
        }
        return .success(added)
    }

    func run(_ source: String) -> ScriptError? {
        let script = JSStringCreateWithUTF8CString(source)
        defer { JSStringRelease(script) }
        var exception: JSValueRef? = nil
        guard evaluationGuard.begin(String(source.prefix(200))) else { return ScriptError(description: evaluationGuard.message) }
        _ = JSEvaluateScript(context, script, nil, nil, 1, &exception)
        evaluationGuard.end()
        guard let exception else { return nil }
        let message = describe(exception)
        let stopped = message.isEmpty || message == "JavaScript execution terminated." || evaluationGuard.stopped != nil
        return ScriptError(description: stopped ? evaluationGuard.message : message)
    }

    func globalNames(_ global: JSObjectRef) -> [String] {
        let names = JSObjectCopyPropertyNames(context, global)
        defer { JSPropertyNameArrayRelease(names) }
        return (0..<JSPropertyNameArrayGetCount(names)).map { i in
            string(of: JSValueMakeString(context, JSPropertyNameArrayGetNameAtIndex(names, i)))
        }
    }
}
