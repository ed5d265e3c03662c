import CJavaScriptCore
import JasonJSON

/// Calling compiled expressions: with extra names for the duration of one call, and keeping results in
/// the engine (a loop's array) instead of converting them.
extension EngineContext {
    /// What calling an expression gave, still in JavaScript.
    enum Outcome {
        case value(JSValueRef)
        case threw(String)
    }

    /// Calls `expression` with `this` = `receiver`. `extras` are set meanwhile as own properties of an
    /// object (as st.js sets `$index` and `#let` names on a loop item, and takes them off afterwards)
    /// or on the prototypes for a primitive. `mayMutate` tells whether the data may have changed.
    func invoke(_ expression: String, on receiver: ScriptReceiver, extras: [(String, JSValueRef)],
                mayMutate: inout Bool) -> Outcome {
        let fn: JSObjectRef
        let mayChangeData: Bool
        switch function(for: expression) {
        case .success(let compiled):
            (fn, mayChangeData) = (compiled.function, compiled.mayMutate)
            if compiled.mayMutate {
                mayMutate = true
                root?.diverged = true
            }
        case .failure(let error): return .threw(error.message)
        }
        guard evaluationGuard.begin(expression) else { return .threw(evaluationGuard.message) }
        defer { evaluationGuard.end() }
        var exception: JSValueRef? = nil
        let result: JSValueRef?
        if receiver.isObject && receiver.primitiveExtras.isEmpty {
            // An object's value reference is its object reference (JavaScriptCore encodes a cell as its pointer).
            let object: JSObjectRef = receiver.value
            if extras.isEmpty, let waiting = deferredSet.take() {
                result = callAfterDeferredSet(fn, object, waiting, mayChangeIt: mayChangeData, &exception)
            } else if extras.isEmpty {
                result = JSObjectCallAsFunction(context, fn, object, 0, nil, &exception)
            } else {
                flushDeferredSet()
                let saved = setOwn(extras, on: object)
                result = JSObjectCallAsFunction(context, fn, object, 0, nil, &exception)
                restoreOwn(saved, on: object)
            }
        } else {
            // A primitive `this` (boxed by `fn.call`, as st.js's `bind` does) goes through JavaScript.
            flushDeferredSet()
            result = callWithPrototypes(fn, receiver, extras: receiver.primitiveExtras + extras, &exception)
        }
        guard let result, exception == nil else {
            let message = exception.map(describe) ?? ""
            if message.isEmpty || message == "JavaScript execution terminated." || evaluationGuard.stopped != nil {
                return .threw(evaluationGuard.message)
            }
            return .threw(message)
        }
        // The sentinel is an object: strictly equal to it means the very same reference.
        if result == failure {
            let message = JSObjectGetProperty(context, JSContextGetGlobalObject(context), errorName, nil)
            return .threw(message.map { string(of: $0) } ?? "error")
        }
        return .value(result)
    }

    func call(_ expression: String, receiver: ScriptReceiver, extras: [(String, JSValueRef)] = [],
              mayMutate: inout Bool) -> ScriptResult {
        switch invoke(expression, on: receiver, extras: extras, mayMutate: &mayMutate) {
        case .value(let value): convert(value)
        case .threw(let message): .threw(message)
        }
    }

    func call(_ expression: String, receiver: ScriptReceiver) -> ScriptResult {
        var mayMutate = false
        return call(expression, receiver: receiver, mayMutate: &mayMutate)
    }

    /// Calls through `__stCall` so that a primitive `this` gets its extras on the prototypes.
    func callWithPrototypes(_ fn: JSObjectRef, _ receiver: ScriptReceiver, extras: [(String, JSValueRef)],
                            _ exception: inout JSValueRef?) -> JSValueRef? {
        // Each name goes into the array as it is made (a value held only in Swift's heap is not seen by
        // the collector); the values are held by their receivers.
        let names = JSObjectMakeArray(context, 0, nil, nil)!
        for (index, extra) in extras.enumerated() {
            JSObjectSetPropertyAtIndex(context, names, UInt32(index), makeString(extra.0), nil)
        }
        let arguments: [JSValueRef?] = [fn, receiver.value, names, makeArray(extras.map(\.1))]
        return arguments.withUnsafeBufferPointer {
            JSObjectCallAsFunction(context, callWithPrototypeExtras, nil, 4, $0.baseAddress, &exception)
        }
    }

    /// Sets `extras` as own properties; returns what to put back (the previous own value, or nothing).
    func setOwn(_ extras: [(String, JSValueRef)], on object: JSObjectRef) -> [(JSStringRef, JSValueRef?)] {
        extras.map { name, value in
            let key = propertyName(name)
            let previous = JSObjectHasProperty(context, object, key) ? JSObjectGetProperty(context, object, key, nil) : nil
            JSObjectSetProperty(context, object, key, value, JSPropertyAttributes(kJSPropertyAttributeNone), nil)
            return (key, previous)
        }
    }

    func restoreOwn(_ saved: [(JSStringRef, JSValueRef?)], on object: JSObjectRef) {
        for (key, previous) in saved.reversed() {
            if let previous {
                JSObjectSetProperty(context, object, key, previous, JSPropertyAttributes(kJSPropertyAttributeNone), nil)
            } else {
                JSObjectDeleteProperty(context, object, key, nil)
            }
        }
    }

    /// Property names as JavaScriptCore strings, made once.
    func propertyName(_ name: String) -> JSStringRef {
        // A loop sets the same member round after round: comparing with the name asked last is cheaper
        // than hashing it.
        if let last = lastPropertyName, last.name == name { return last.key }
        let key: JSStringRef
        if let known = propertyNames[name] {
            key = known
        } else {
            key = JSStringCreateWithUTF8CString(name)!
            propertyNames[name] = key
        }
        lastPropertyName = (name, key)
        return key
    }

    /// Evaluates `expression` and keeps its value in the engine when it is an array: a loop's items are
    /// then taken from there (the data itself, not copies).
    func holdArray(_ expression: String, on receiver: ScriptReceiver, extras: [(String, JSValueRef)])
        -> (array: ScriptReceiver, count: Int)? {
        var mayMutate = false
        guard case .value(let value) = invoke(expression, on: receiver, extras: extras, mayMutate: &mayMutate),
              JSValueIsArray(context, value), let object = JSValueToObject(context, value, nil) else { return nil }
        let length = JSObjectGetProperty(context, object, propertyName("length"), nil)
        let count = length.map { JSValueToNumber(context, $0, nil) } ?? 0
        return (ScriptReceiver(value: value, context: context, isObject: true, primitiveExtras: []), Int(count))
    }

    /// The element `index` of an array held by `holdArray`, held itself.
    func element(_ index: Int, of array: ScriptReceiver) -> ScriptReceiver? {
        guard let object = JSValueToObject(context, array.value, nil),
              let value = JSObjectGetPropertyAtIndex(context, object, UInt32(index), nil) else { return nil }
        return ScriptReceiver(value: value, context: context, isObject: JSValueIsObject(context, value),
                              primitiveExtras: [])
    }

    /// A JSON value made into a JavaScript value and held (a `#let` name's value, say).
    func hold(_ json: JSON) -> ScriptReceiver {
        let value = makeValue(json)
        return ScriptReceiver(value: value, context: context, isObject: JSValueIsObject(context, value),
                              primitiveExtras: [])
    }
}
