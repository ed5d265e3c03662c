import CJavaScriptCore
import JasonJSON

/// Moving values between our JSON and JavaScript.
extension EngineContext {
    func convert(_ value: JSValueRef) -> ScriptResult {
        switch JSValueGetType(context, value) {
        case kJSTypeUndefined: return .undefined
        case kJSTypeNull: return .value(.null)
        case kJSTypeBoolean: return .value(.bool(JSValueToBoolean(context, value)))
        case kJSTypeNumber: return .value(JSNumber.json(numbers.number(value) ?? JSValueToNumber(context, value, nil)))
        case kJSTypeString: return .value(.string(string(of: value)))
        default:
            // Boxed primitives come back as their primitive (st.js calls valueOf()); functions as undefined
            // would be lost, so they print as their source, like st.js's JSON.stringify does.
            if JSObjectIsFunction(context, JSValueToObject(context, value, nil)) {
                return .value(.string(string(of: value)))
            }
            // A Date is its time value, as st.js leaves it (`{{new Date(1000)}}` gives 1000), not ISO text.
            if JSValueIsDate(context, value) { return .value(JSNumber.json(JSValueToNumber(context, value, nil))) }
            var exception: JSValueRef? = nil
            let arguments: [JSValueRef?] = [value]
            let text = arguments.withUnsafeBufferPointer {
                JSObjectCallAsFunction(context, stringify, nil, 1, $0.baseAddress, &exception)
            }
            guard let text, exception == nil else { return .threw(exception.map(describe) ?? "not convertible") }
            if JSValueIsUndefined(context, text) { return .undefined }
            guard let json = try? JSONParser.parse(string(of: text)) else { return .threw("not convertible to JSON") }
            return .value(json)
        }
    }

    func makeValue(_ json: JSON) -> JSValueRef {
        switch json {
        case .null: return JSValueMakeNull(context)
        case .bool(let b): return JSValueMakeBoolean(context, b)
        case .int(let i): return JSValueMakeNumber(context, Double(i))
        case .double(let d): return JSValueMakeNumber(context, d)
        case .string(let s): return makeString(s)
        case .array, .object:
            var budget = 16
            if let small = makeSmall(json, budget: &budget) { return small }
            let bytes = JSONBytes.nulTerminated(json)
            let text = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { JSStringCreateWithUTF8CString($0.baseAddress) }
            }
            defer { JSStringRelease(text) }
            return JSValueMakeFromJSONString(context, text) ?? JSValueMakeNull(context)
        }
    }

    /// A small array or object (at most `budget` values in all) made property by property: for the
    /// few members that change at every action (`$get`, `$jason`), cheaper than JSON text and a parse.
    /// The same value as `JSON.parse` would give: non-finite numbers are null there too. Nil when the
    /// value is larger, or has a `__proto__` key (an own property to `JSON.parse`, the prototype to a set).
    func makeSmall(_ json: JSON, budget: inout Int) -> JSValueRef? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch json {
        case .double(let d) where !d.isFinite: return JSValueMakeNull(context)
        case .null, .bool, .int, .double, .string: return makeValue(json)
        // Each value goes into its container as soon as it is made: the collector does not see values
        // kept in Swift's heap, only those on the stack and in containers it knows.
        case .array(let elements):
            guard elements.count <= budget, let array = JSObjectMakeArray(context, 0, nil, nil) else { return nil }
            for (index, element) in elements.enumerated() {
                guard let value = makeSmall(element, budget: &budget) else { return nil }
                JSObjectSetPropertyAtIndex(context, array, UInt32(index), value, nil)
            }
            return array
        case .object(let members):
            guard members.count <= budget, members["__proto__"] == nil else { return nil }
            let object = JSObjectMake(context, nil, nil)!
            for (name, member) in members {
                guard let value = makeSmall(member, budget: &budget) else { return nil }
                setProperty(object, name, value)
            }
            return object
        }
    }

    func makeString(_ s: String) -> JSValueRef {
        // Text from a raw response may hold NUL characters, where a C string would stop: such text goes
        // as UTF-16 with a length (which costs a copy, so only then).
        let text: JSStringRef
        if s.utf8.contains(0) {
            let units = Array(s.utf16)
            text = units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }
        } else {
            text = JSStringCreateWithUTF8CString(s)
        }
        defer { JSStringRelease(text) }
        return JSValueMakeString(context, text)
    }

    func makeArray(_ values: [JSValueRef]) -> JSValueRef {
        let elements: [JSValueRef?] = values
        return elements.withUnsafeBufferPointer {
            JSObjectMakeArray(context, values.count, $0.baseAddress, nil)
        }
    }

    func string(of value: JSValueRef) -> String {
        guard let text = JSValueToStringCopy(context, value, nil) else { return "" }
        defer { JSStringRelease(text) }
        let capacity = JSStringGetMaximumUTF8CStringSize(text)
        let units = JSStringGetLength(text)
        let converted = String(unsafeUninitializedCapacity: capacity) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { max(0, JSStringGetUTF8CString(text, $0.baseAddress, capacity) - 1) }
        }
        // UTF-8 has at least one byte per UTF-16 unit: fewer means the conversion gave up at a lone
        // surrogate. Such text is decoded with U+FFFD in its place, as JSON text of it would be.
        guard converted.utf8.count < units, let characters = JSStringGetCharactersPtr(text) else { return converted }
        return String(decoding: UnsafeBufferPointer(start: characters, count: units), as: UTF16.self)
    }

    func describe(_ exception: JSValueRef) -> String { string(of: exception) }

    func setProperty(_ object: JSObjectRef, _ name: String, _ value: JSValueRef?) {
        // The names of data seen so far are made once; a document with ever new names makes them each time.
        let kept = propertyNames.count < 4096
        let key = kept ? propertyName(name) : JSStringCreateWithUTF8CString(name)!
        defer { if !kept { JSStringRelease(key) } }
        if let value {
            JSObjectSetProperty(context, object, key, value, JSPropertyAttributes(kJSPropertyAttributeNone), nil)
        } else {
            JSObjectDeleteProperty(context, object, key, nil)
        }
    }

    /// A receiver for `value`, with `extras` as own properties (objects) or prototype properties (primitives).
    func receiver(for value: JSON, extras: [String: ScriptReceiver.Extra]) -> ScriptReceiver {
        let js = makeValue(value)
        let extraValues = extras.map { name, extra -> (String, JSValueRef) in
            switch extra {
            case .json(let json): (name, makeValue(json))
            case .receiver(let receiver): (name, receiver.value)
            }
        }
        switch value {
        case .array, .object:
            let object = JSValueToObject(context, js, nil)!
            for (name, extra) in extraValues { setProperty(object, name, extra) }
            return ScriptReceiver(value: js, context: context, isObject: true, primitiveExtras: [])
        default:
            return ScriptReceiver(value: js, context: context, isObject: false, primitiveExtras: extraValues)
        }
    }
}
