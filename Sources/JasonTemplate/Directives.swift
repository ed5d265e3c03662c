import JasonJSON

/// The directive keys of an object: `#each`, `#let`, `#concat`, `#merge` (T8–T11). `#include` is
/// handled before the keys are walked; any other directive key is dropped (T5).
extension Run {
    mutating func runDirective(_ directive: Directive, value: JSON, template: JSONObject, _ scope: Scope) -> JSON? {
        switch directive.name {
        case "#each": return each(directive.expression, body: value, template: template, scope)
        case "#let": return letBlock(value, scope)
        case "#concat": return concat(value, template: template, scope)
        case "#merge": return merge(value, scope)
        default: return nil
        }
    }

    /// `{"{{#each EXPR}}": body}`: the body once per element, the element as `this` with `$index`;
    /// falsy results dropped. Not an array: the object stays as written.
    mutating func each(_ expression: String, body: JSON, template: JSONObject, _ scope: Scope) -> JSON {
        guard case .array(let items)? = fillRaw(expression, scope) else { return .object(template) }
        var out: [JSON] = []
        for (i, item) in items.enumerated() {
            path.append(String(i))
            let itemScope = Scope(this: item, root: root, index: i, lets: scope.lets)
            if let value = transform(body, itemScope), value.isTruthy { out.append(value) }
            path.removeLast()
        }
        return .array(out)
    }

    /// `{"{{#let}}": [DEFS, T]}`: DEFS rendered, its keys visible to T and every loop inside it (T9).
    mutating func letBlock(_ value: JSON, _ scope: Scope) -> JSON? {
        guard case .array(let parts) = value, parts.count == 2 else { return nil }
        path.append("0")
        let defs = transform(parts[0], scope)
        path.removeLast()
        var inner = scope
        if case .object(let names)? = defs {
            for (name, value) in names { inner.lets[name] = value }
        }
        path.append("1")
        defer { path.removeLast() }
        return transform(parts[1], Scope(this: inner.this, root: inner.root, index: inner.index,
                                         lets: inner.lets, isRoot: inner.isRoot && inner.lets.isEmpty))
    }

    /// `{"{{#concat}}": [A, B, …]}`: arrays spliced, other values appended; if any `{{` survives, the
    /// whole object stays as written (T10).
    mutating func concat(_ value: JSON, template: JSONObject, _ scope: Scope) -> JSON? {
        guard case .array(let parts) = value else { return nil }
        var out: [JSON] = []
        for (i, part) in parts.enumerated() {
            path.append(String(i))
            switch transform(part, scope) {
            case .array(let elements)?: out += elements
            case let other?: out.append(other)
            case nil: break
            }
            path.removeLast()
        }
        let result = JSON.array(out)
        return result.containsExpression ? .object(template) : result
    }

    /// `{"{{#merge}}": [O1, O2, …]}`: the members of each rendered part, later ones winning (T11).
    mutating func merge(_ value: JSON, _ scope: Scope) -> JSON? {
        guard case .array(let parts) = value else { return nil }
        var merged = JSONObject()
        for (i, part) in parts.enumerated() {
            path.append(String(i))
            if let rendered = transform(part, scope) {
                for (key, member) in Self.enumerableMembers(rendered) { merged[key] = member }
            }
            path.removeLast()
        }
        merged.removeValue(forKey: "$index")
        for name in scope.lets.keys { merged.removeValue(forKey: name) }
        return .object(merged)
    }

    /// What `for (key in value)` visits: an object's members, an array's or a string's indices.
    static func enumerableMembers(_ value: JSON) -> [(String, JSON)] {
        switch value {
        case .object(let o): o.map { ($0.key, $0.value) }
        case .array(let a): a.enumerated().map { (String($0.offset), $0.element) }
        case .string(let s): s.map { String($0) }.enumerated().map { (String($0.offset), .string($0.element)) }
        case .null, .bool, .int, .double: []
        }
    }

    /// The base value of an object with an `{{#include}}` key: the key's value as written, or with an
    /// expression, that expression evaluated against the value (T12).
    mutating func includeBase(key: String, value: JSON) -> JSON {
        guard let directive = Directive(key), !directive.expression.isEmpty else { return value }
        path.append(key)
        defer { path.removeLast() }
        return fillRaw(directive.expression, Scope(this: value, root: root)) ?? .null
    }
}

extension JSON {
    /// `/\{\{(.*?)\}\}/.test(JSON.stringify(value))`.
    var containsExpression: Bool {
        switch self {
        case .string(let s): !Fillout.slots(in: s).isEmpty
        case .array(let a): a.contains { $0.containsExpression }
        case .object(let o): o.contains { !Fillout.slots(in: $0.key).isEmpty || $0.value.containsExpression }
        case .null, .bool, .int, .double: false
        }
    }
}
