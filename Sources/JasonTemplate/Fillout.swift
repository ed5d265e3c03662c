import JasonJSON

/// Filling the `{{ }}` expressions of one string (spec T1–T3), and the string tests st.js makes.
enum Fillout {
    struct Slot {
        var variable: Substring   // "{{expr}}"
        var expression: Substring // "expr"
        var offset: Int
    }

    /// Every `{{…}}` in the string, matched non-greedily and never across a line break.
    static func slots(in text: String) -> [Slot] {
        var slots: [Slot] = []
        var index = text.startIndex
        while let open = text[index...].firstRange(of: "{{") {
            var search = open.upperBound
            var found: Range<String.Index>? = nil
            while search < text.endIndex {
                let c = text[search]
                if c == "\n" || c == "\r" { break }
                if c == "}", text[search...].hasPrefix("}}") {
                    found = search..<text.index(search, offsetBy: 2)
                    break
                }
                search = text.index(after: search)
            }
            guard let close = found else { index = text.index(after: open.lowerBound); continue }
            let offset = text.utf8.distance(from: text.startIndex, to: open.lowerBound)
            slots.append(Slot(variable: text[open.lowerBound..<close.upperBound],
                              expression: text[open.upperBound..<close.lowerBound], offset: offset))
            index = close.upperBound
        }
        return slots
    }

    /// `^\{\{((?!\}\}).)*\}\}$`: the whole string is one expression.
    static func isWholeExpression(_ text: String) -> Bool {
        guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.utf8.count >= 4 else { return false }
        let inner = text.dropFirst(2).dropLast(2)
        return !inner.contains("}}") && !inner.contains(where: { $0 == "\n" || $0 == "\r" })
    }

    /// JavaScript's `String(value)`.
    static func jsString(_ value: JSON) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): JSNumber.format(d)
        case .string(let s): s
        case .array(let a): a.map { $0.isNull ? "" : jsString($0) }.joined(separator: ",")
        case .object: "[object Object]"
        }
    }

    /// `String.prototype.replace(pattern, replacement)` with a string pattern: the first occurrence only,
    /// and `$$`, `$&`, `` $` ``, `$'` in the replacement are interpreted (st.js relies on this, quirks included).
    static func replaceFirst(_ pattern: Substring, in text: String, with replacement: String) -> String {
        guard let range = text.firstRange(of: pattern) else { return text }
        var expanded = ""
        var chars = replacement[...]
        while let c = chars.first {
            chars.removeFirst()
            guard c == "$", let next = chars.first else { expanded.append(c); continue }
            switch next {
            case "$": expanded.append("$"); chars.removeFirst()
            case "&": expanded += pattern; chars.removeFirst()
            case "`": expanded += text[..<range.lowerBound]; chars.removeFirst()
            case "'": expanded += text[range.upperBound...]; chars.removeFirst()
            default: expanded.append("$")
            }
        }
        return text[..<range.lowerBound] + expanded + text[range.upperBound...]
    }
}

extension Fillout {
    /// `/#include/.test(JSON.stringify(template))`.
    static func mentionsInclude(_ template: JSON) -> Bool {
        switch template {
        case .string(let s): s.contains("#include")
        case .array(let a): a.contains(where: mentionsInclude)
        case .object(let o): o.contains { $0.key.contains("#include") || mentionsInclude($0.value) }
        case .null, .bool, .int, .double: false
        }
    }

    /// `/\{\{([ ]*#include)[ ]*(.*)\}\}/` on an object key.
    static func isIncludeKey(_ key: String) -> Bool {
        key.contains(/\{\{([ ]*#include)[ ]*(.*)\}\}/)
    }

    /// For a string holding `{{#include EXPR}}` (EXPR without spaces), the include's expression
    /// (empty when it has none); nil for any other string.
    static func includeString(_ text: String) -> String? {
        guard text.contains(/\{\{([ ]*#include)[ ]*([^ ]*)\}\}/) else { return nil }
        return Directive(text)?.expression ?? ""
    }
}

extension Run {
    /// `TRANSFORM.fillout(data, text)`: each `{{…}}` in turn, on the progressively filled string (T3).
    mutating func fill(_ text: String, _ scope: Scope) -> JSON? {
        guard text.contains("{{") else { return .string(text) }
        let slots = Fillout.slots(in: text)
        guard !slots.isEmpty, scope.this.isTruthy else { return .string(text) }
        var current = text
        for slot in slots {
            guard let value = evaluate(String(slot.expression), scope, offset: slot.offset) else { continue }
            if Fillout.isWholeExpression(current) { return value }
            let replacement = value.isTruthy ? Fillout.jsString(value) : ""
            current = Fillout.replaceFirst(slot.variable, in: current, with: replacement)
        }
        return .string(current)
    }

    /// `fillout(data, "{{EXPR}}", raw)` as `#each` and `#include` use it: the value itself, `""` for a
    /// falsy one, nil when it is undefined or throws.
    mutating func fillRaw(_ expression: String, _ scope: Scope) -> JSON? {
        guard scope.this.isTruthy, let slot = Fillout.slots(in: "{{" + expression + "}}").first,
              let value = evaluate(String(slot.expression), scope, offset: 0) else { return nil }
        return value.isTruthy ? value : .string("")
    }

    /// One expression; undefined and failures are reported and give nil.
    mutating func evaluate(_ expression: String, _ scope: Scope, offset: Int) -> JSON? {
        switch evaluator.evaluate(expression, in: scope) {
        case .value(let v): return v
        case .undefined: report(expression, offset: offset, .undefined)
        case .failed(let message): report(expression, offset: offset, .failed(message))
        }
        return nil
    }
}
