import CJavaScriptCore
import JasonJSON

/// One changed value of the resident data, set by the call that follows the sync instead of by an API
/// call of its own. Every API call takes JavaScriptCore's lock; a `$set` in a loop changes one number of
/// `$get` before each expression, and setting it inside the call leaves the round one lock.
/// Only numbers, booleans and null are deferred: held in the reference itself, they are no object the
/// collector could take meanwhile.
struct DeferredSet {
    let object: JSObjectRef
    let name: String
    let value: JSValueRef
}

extension EngineContext {
    /// Syncs the resident root for the call that follows at once (`evaluate(_:root:syncedAt:)`): a lone
    /// change of a number, boolean or null is left for that call to make. The call, or
    /// `flushDeferredSet`, must follow.
    func residentRootDeferringOneSet(_ data: JSONObject, syncedAt generation: inout Int?) -> ScriptReceiver {
        defersSets = true
        defer { defersSets = false }
        return residentRoot(data, syncedAt: &generation)
    }

    /// Sets `name` of `object` to `value` now, or leaves it to the next call when that is allowed and
    /// nothing else waits.
    func setSoonOrNow(_ object: JSObjectRef, _ name: String, _ value: JSValueRef, isImmediate: Bool) {
        if defersSets, isImmediate, deferredSet == nil {
            deferredSet = DeferredSet(object: object, name: name, value: value)
            return
        }
        flushDeferredSet()
        setProperty(object, name, value)
    }

    /// Makes the deferred set, if one waits, through the API.
    func flushDeferredSet() {
        guard let waiting = deferredSet.take() else { return }
        setProperty(waiting.object, waiting.name, waiting.value)
    }

    /// Calls `fn` with `this` = `object` after making the deferred set, in one call into the engine
    /// (`__stSetThenCall` in the prelude). `mayChangeIt`: the expression may write the data itself.
    func callAfterDeferredSet(_ fn: JSObjectRef, _ object: JSObjectRef, _ waiting: DeferredSet, mayChangeIt: Bool,
                              _ exception: inout JSValueRef?) -> JSValueRef? {
        let arguments: [JSValueRef?] = [fn, object, waiting.object, keyValue(waiting.name), waiting.value]
        let result = arguments.withUnsafeBufferPointer {
            JSObjectCallAsFunction(context, setThenCall, nil, 5, $0.baseAddress, &exception)
        }
        // A call stopped by a limit may be stopped on entry, before its set: the mirror already counts the
        // value as set, so no later sync would set it. Setting it again is harmless when it was made,
        // unless the expression wrote the value itself before it was stopped; such an expression has left
        // the root to be synced whole next time anyway. (What a script throws is caught inside the call.)
        if exception != nil, !mayChangeIt { setProperty(waiting.object, waiting.name, waiting.value) }
        return result
    }

    /// A name as a JavaScript string, the one made last kept (a loop sets the same name every round).
    private func keyValue(_ name: String) -> JSValueRef {
        if let last = lastKey, last.name == name { return last.value }
        let made = JSValueMakeString(context, propertyName(name))!
        JSValueProtect(context, made)
        if let last = lastKey { JSValueUnprotect(context, last.value) }
        lastKey = (name, made)
        return made
    }
}

extension JSON {
    /// A number, boolean or null: JavaScriptCore holds it in the value reference itself, not in an object.
    var isImmediate: Bool {
        switch self {
        case .null, .bool, .int, .double: true
        case .string, .array, .object: false
        }
    }
}
