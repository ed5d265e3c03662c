import CJavaScriptCore
import Foundation
import JasonJSON

/// A whole `#each` in one call into JavaScript: every expression of the loop body, for every item, in
/// the order a render would evaluate them one at a time. One call instead of a dozen per expression is
/// what makes a loop of JavaScript expressions as fast as st.js's own.
///
/// The loop sets `$root` and `$index` on each item once, around all its expressions (st.js sets them
/// around each call; nothing in between can tell), and writes down what each call gave: strings,
/// booleans, null and safe numbers go into one array turned into JSON text at the end (one conversion
/// for the whole loop), the rest one by one as `convert` does for a single call.
extension EngineContext {
    /// What each call gave, in `kinds` (written by JavaScript into memory we read directly).
    enum LoopKind: UInt8 {
        case notRun = 0, plain, undefined, threw, other
    }

    static let loopSource = """
        (function (fns, items, root, progress, kinds, plain, others) {
          var m = fns.length, n = items.length, protos = __stProtos;
          for (var i = 0; i < n; i++) {
            var item = items[i];
            if (!item) continue;
            var own = typeof item === "object", hadRoot, oldRoot, hadIndex, oldIndex;
            if (own) {
              hadRoot = "$root" in item; oldRoot = item.$root;
              hadIndex = "$index" in item; oldIndex = item.$index;
              item.$root = root; item.$index = i;
            } else {
              for (var p = 0; p < protos.length; p++) { protos[p].$root = root; protos[p].$index = i; }
            }
            try {
              for (var j = 0, x = i * m; j < m; j++, x++) {
                progress[0] = x + 1;
                var r = fns[j].call(item), t = typeof r;
                if (r === __stFailure) { kinds[x] = 3; others.push(__stError); }
                else if (t === "string" || t === "boolean" || r === null ||
                         (t === "number" && r === r && (r % 1 !== 0 ? isFinite(r) : (r !== 0 || 1 / r > 0) &&
                          r < 9007199254740992 && r > -9007199254740992))) { kinds[x] = 1; plain.push(r); }
                else if (t === "undefined") kinds[x] = 2;
                else { kinds[x] = 4; others.push(r); }
              }
            } finally {
              if (own) {
                if (hadIndex) item.$index = oldIndex; else delete item.$index;
                if (hadRoot) item.$root = oldRoot; else delete item.$root;
              } else {
                for (var p = 0; p < protos.length; p++) { delete protos[p].$index; delete protos[p].$root; }
              }
            }
          }
        })
        """

    /// Calls each of `expressions` on each of the `count` items of `items` (an array the engine holds),
    /// with `$root` = `root`: the results item by item (`count` × `expressions.count`), nil where a call
    /// never ran (after one was stopped by a limit). Nil as a whole when the loop cannot be done in one
    /// call: an expression that does not compile or may change the data goes the one-by-one way.
    func callEach(_ expressions: [String], items: ScriptReceiver, count: Int, root: ScriptReceiver) -> [ScriptResult?]? {
        var functions: [JSValueRef] = []
        for expression in expressions {
            guard case .success(let compiled) = function(for: expression), !compiled.mayMutate else { return nil }
            functions.append(compiled.function)
        }
        let total = count * expressions.count
        guard total > 0, let loop = loopFunction() else { return nil }
        let kinds = Shared<UInt8>(count: total, context: context, type: kJSTypedArrayTypeUint8Array)
        let progress = Shared<UInt32>(count: 1, context: context, type: kJSTypedArrayTypeUint32Array)
        guard let kinds, let progress else { return nil }
        let plain = makeArray([]), others = makeArray([])
        // Kept from the collector until we have read them (the typed arrays' bytes die with them).
        let kept: [JSValueRef] = [plain, others, kinds.array, progress.array]
        for value in kept { JSValueProtect(context, value) }
        defer { for value in kept { JSValueUnprotect(context, value) } }
        guard evaluationGuard.begin(expressions.joined(separator: " · "), progress: progress.bytes) else { return nil }
        var exception: JSValueRef? = nil
        let arguments: [JSValueRef?] = [makeArray(functions), items.value, root.value, progress.array, kinds.array,
                                        plain, others]
        let finished = arguments.withUnsafeBufferPointer {
            JSObjectCallAsFunction(context, loop, nil, $0.count, $0.baseAddress, &exception)
        }
        evaluationGuard.end()
        var results = decode(kinds.bytes, total, plain: plain, others: others)
        if finished == nil || exception != nil {
            // Stopped by a limit inside one call: that call failed; the ones after it never ran.
            let stopped = Int(progress.bytes[0]) - 1
            let message = exception.map(describe) ?? ""
            if results.indices.contains(stopped), results[stopped] == nil {
                let limited = message.isEmpty || message == "JavaScript execution terminated." || evaluationGuard.stopped != nil
                results[stopped] = .threw(limited ? evaluationGuard.message : message)
            }
        }
        return results
    }

    /// The results the loop wrote down, converted.
    private func decode(_ kinds: UnsafeMutablePointer<UInt8>, _ total: Int, plain: JSValueRef, others: JSValueRef)
        -> [ScriptResult?] {
        let plainValues = plainResults(plain)
        let othersObject = JSValueToObject(context, others, nil)!
        var results = [ScriptResult?](repeating: nil, count: total)
        var nextPlain = 0, nextOther: UInt32 = 0
        func other() -> JSValueRef {
            defer { nextOther += 1 }
            return JSObjectGetPropertyAtIndex(context, othersObject, nextOther, nil)
        }
        for x in 0..<total {
            switch LoopKind(rawValue: kinds[x]) ?? .notRun {
            case .notRun: continue
            case .plain:
                results[x] = .value(plainValues[nextPlain])
                nextPlain += 1
            case .undefined: results[x] = .undefined
            case .threw: results[x] = .threw(string(of: other()))
            case .other: results[x] = convert(other())
            }
        }
        return results
    }

    /// The plain results as JSON: one `JSON.stringify` and one parse for all of them, or one by one if the
    /// text does not parse (a string with a lone surrogate, say).
    private func plainResults(_ plain: JSValueRef) -> [JSON] {
        let array = JSValueToObject(context, plain, nil)!
        var exception: JSValueRef? = nil
        let arguments: [JSValueRef?] = [plain]
        let text = arguments.withUnsafeBufferPointer {
            JSObjectCallAsFunction(context, plainStringify, nil, 1, $0.baseAddress, &exception)
        }
        if let text, exception == nil, case .array(let values)? = try? JSONParser.parse(string(of: text)) {
            return values.map { if case .double(let d) = $0 { JSNumber.json(d) } else { $0 } }
        }
        let length = JSValueToNumber(context, JSObjectGetProperty(context, array, propertyName("length"), nil), nil)
        return (0..<Int(length)).map { index in
            let value = JSObjectGetPropertyAtIndex(context, array, UInt32(index), nil)!
            if case .value(let json) = convert(value) { return json }
            return .null
        }
    }

    private func loopFunction() -> JSObjectRef? {
        if let eachLoop { return eachLoop }
        guard let value = Self.evaluateScript(context, Self.loopSource),
              let function = JSValueToObject(context, value, nil) else { return nil }
        JSValueProtect(context, function)
        eachLoop = function
        return function
    }
}

/// Memory both sides see: a typed array over bytes we allocate, read by Swift without a call into the
/// engine (the watchdog reads the loop's progress this way). JavaScript frees the bytes with the array.
struct Shared<Element> {
    let array: JSObjectRef
    let bytes: UnsafeMutablePointer<Element>

    init?(count: Int, context: JSGlobalContextRef, type: JSTypedArrayType) {
        let size = count * MemoryLayout<Element>.stride
        guard let raw = calloc(count, MemoryLayout<Element>.stride) else { return nil }
        guard let array = JSObjectMakeTypedArrayWithBytesNoCopy(context, type, raw, size, { bytes, _ in free(bytes) },
                                                                 nil, nil) else {
            free(raw)
            return nil
        }
        self.array = array
        bytes = raw.bindMemory(to: Element.self, capacity: count)
    }
}
