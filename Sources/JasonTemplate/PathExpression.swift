import JasonJSON

/// An expression that is a plain property path (`$jason.items[0].name`, `this`, `$index`) or a literal.
/// These are evaluated in Swift, so documents that use only them never start a JavaScript engine.
package enum PathExpression: Sendable, Hashable {
    case literal(JSON)
    case path(head: String, steps: [Step])

    package struct Step: Sendable, Hashable {
        package enum Access: Sendable, Hashable {
            case member(String)
            case index(Int)
        }

        package var access: Access
        /// The step as written (`.name`, `[0]`, `['a b']`), for error messages.
        package var text: String
    }

    /// Parses the expression text, or returns nil when it needs real JavaScript.
    package init?(_ source: String) {
        let text = source.trimmingSpaces()
        guard let first = text.first else { return nil }
        if text == "true" { self = .literal(.bool(true)); return }
        if text == "false" { self = .literal(.bool(false)); return }
        if text == "null" { self = .literal(.null); return }
        // `010` is octal to JavaScript, and integers past 2^53 are rounded there: both are left to it.
        if first.isNumber, !(first == "0" && text.count > 1) {
            guard let i = Int(text), i.magnitude <= 1 << 53 else { return nil }
            self = .literal(.int(i))
            return
        }
        if (first == "'" || first == "\"") && text.count >= 2 && text.last == first {
            let body = text.dropFirst().dropLast()
            guard !body.contains(first), !body.contains("\\") else { return nil }
            self = .literal(.string(String(body))); return
        }
        var scanner = Substring(text)
        guard let head = scanner.takeIdentifier(), !Self.jsGlobals.contains(head) else { return nil }
        var steps: [Step] = []
        while let c = scanner.first {
            if c == "." {
                scanner.removeFirst()
                guard let name = scanner.takeIdentifier() else { return nil }
                steps.append(Step(access: .member(name), text: "." + name))
            } else if c == "[" {
                scanner.removeFirst()
                guard let close = scanner.firstIndex(of: "]") else { return nil }
                let inner = scanner[..<close]
                scanner = scanner[scanner.index(after: close)...]
                let text = "[" + inner + "]"
                if let i = Int(inner), i >= 0, String(i) == inner {
                    steps.append(Step(access: .index(i), text: text))
                } else if inner.count >= 2, let q = inner.first, q == "'" || q == "\"", inner.last == q,
                          !inner.dropFirst().dropLast().contains(q), !inner.contains("\\") {
                    steps.append(Step(access: .member(String(inner.dropFirst().dropLast())), text: text))
                } else {
                    return nil
                }
            } else {
                return nil
            }
        }
        self = .path(head: head, steps: steps)
    }

    /// Names JavaScript finds outside our data (the global object, the function's `arguments`), and
    /// keywords: the engine answers for them.
    static let jsGlobals: Set<String> = [
        "undefined", "NaN", "Infinity", "Math", "JSON", "Date", "Object", "Array", "String", "Number",
        "Boolean", "RegExp", "Error", "parseInt", "parseFloat", "isNaN", "isFinite", "encodeURIComponent",
        "decodeURIComponent", "encodeURI", "decodeURI", "escape", "unescape", "eval", "Function", "Symbol",
        "Promise", "Map", "Set", "Intl", "console", "globalThis", "new", "typeof", "void", "delete", "in",
        "instanceof", "function", "var", "let", "const", "return", "if", "else", "for", "while",
        "arguments", "ArrayBuffer", "DataView", "EvalError", "RangeError", "ReferenceError", "SyntaxError",
        "TypeError", "URIError", "AggregateError", "Proxy", "Reflect", "Atomics", "Int8Array", "Int16Array",
        "Int32Array", "Uint8Array", "Uint8ClampedArray", "Uint16Array", "Uint32Array", "Float16Array",
        "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array", "WeakMap", "WeakSet", "Iterator",
        "BigInt", "WeakRef", "FinalizationRegistry",
    ]

    /// Property names every object or array inherits in JavaScript; a path reaching one needs the engine.
    static let inheritedNames: Set<String> = [
        "constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf",
        "propertyIsEnumerable", "__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__",
        "__lookupSetter__",
    ]
}

extension Substring {
    mutating func takeIdentifier() -> String? {
        guard let first = first, first == "$" || first == "_" || first.isLetter else { return nil }
        let end = firstIndex { !($0 == "$" || $0 == "_" || $0.isLetter || $0.isNumber) } ?? endIndex
        let name = String(self[..<end])
        self = self[end...]
        return name
    }
}

extension String {
    func trimmingSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }),
              let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
