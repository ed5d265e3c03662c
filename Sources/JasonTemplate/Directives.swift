import JasonJSON

/// The directive keys of an object: `#each`, `#let`, `#concat`, `#merge` (T8–T11). `#include` is
/// handled before the keys are walked; any other directive key is dropped (T5).
extension Transformation {
    /// The directive's result, or nil when it leaves the object as it is being built (an unknown name,
    /// or `#let`/`#concat`/`#merge` whose value is not an array of the right size).
    mutating func runDirective(_ name: String, expression: StringTemplate, body: TemplateNode, parts: [TemplateNode],
                               raw: JSON, template: ObjectTemplate, _ scope: Scope) -> JSON? {
        let isArray = raw.arrayValue != nil
        switch name {
        case "#each": return each(expression, body: body, template: template, scope)
        case "#let": return isArray && parts.count == 2 ? letBlock(parts[0], parts[1], scope) : nil
        case "#concat": return isArray ? concat(parts, template: template, scope) : nil
        case "#merge": return isArray ? merge(parts, scope) : nil
        default: return nil
        }
    }

    /// `{"{{#each EXPR}}": body}`: the body once per element, the element as `this` with `$index`;
    /// falsy results dropped. Not an array: the object stays as written.
    mutating func each(_ expression: StringTemplate, body: TemplateNode, template: ObjectTemplate,
                       _ scope: Scope) -> JSON {
        guard let slot = expression.slots.first,
              case .array(let items)? = fillRaw(slot.expression, scope, at: expression.pointer)
        else { return .object(template.original) }
        var out: [JSON] = []
        out.reserveCapacity(items.count)
        // Items are rendered one after another, so they can share one slot, emptied for each.
        let itemSlot = ScopeSlot()
        let source = ItemSource(expression: slot.expression, parent: scope, count: items.count)
        let prefetched = prefetch(body, source: source, scope)
        for (i, item) in items.enumerated() {
            itemSlot.value = nil
            var itemScope = Scope(this: item, root: scope.root, index: i, lets: scope.lets, slot: itemSlot, pass: scope.pass)
            itemScope.rootLets = scope.rootLets
            itemScope.source = source
            prefetched?.start(item: i)
            itemScope.prefetched = prefetched
            if let value = transform(body, itemScope), value.isTruthy { out.append(value) }
        }
        itemSlot.value = nil
        return .array(out)
    }

    /// `{"{{#let}}": [DEFS, T]}`: DEFS rendered, its keys visible to T and every loop inside it (T9):
    /// st.js sets them on the data object, so at the top level `$root` shows them too.
    mutating func letBlock(_ defs: TemplateNode, _ body: TemplateNode, _ scope: Scope) -> JSON? {
        let names = transform(defs, scope)
        var lets = scope.lets
        var inner = Scope(this: scope.this, root: scope.root, index: scope.index, lets: lets, isRoot: scope.isRoot,
                          pass: scope.pass)
        inner.rootLets = scope.rootLets
        inner.source = scope.source
        if case .object(let declared)? = names {
            for (name, value) in declared {
                lets[name] = value
                if scope.isRoot { inner.rootLets[name] = value }
            }
        }
        inner.lets = lets
        return transform(body, inner)
    }

    /// `{"{{#concat}}": [A, B, …]}`: arrays spliced, other values appended; if any `{{` survives, the
    /// whole object stays as written (T10).
    mutating func concat(_ parts: [TemplateNode], template: ObjectTemplate, _ scope: Scope) -> JSON? {
        var out: [JSON] = []
        for part in parts {
            switch transform(part, scope) {
            case .array(let elements)?: out += elements
            case let other?: out.append(other)
            case nil: break
            }
        }
        let result = JSON.array(out)
        return result.containsExpression ? .object(template.original) : result
    }

    /// `{"{{#merge}}": [O1, O2, …]}`: the members of each rendered part, later ones winning (T11).
    mutating func merge(_ parts: [TemplateNode], _ scope: Scope) -> JSON? {
        var merged = JSONObject()
        for part in parts {
            if let rendered = transform(part, scope) {
                for (key, member) in Self.enumerableMembers(rendered) { merged[key] = member }
            }
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
    mutating func includeBase(_ expression: ParsedExpression?, value: JSON, at pointer: JSONPointer,
                              _ scope: Scope) -> JSON {
        guard let expression else { return value }
        return fillRaw(expression, Scope(this: value, root: scope.root, pass: scope.pass), at: pointer) ?? .null
    }
}

extension JSON {
    /// `/\{\{(.*?)\}\}/.test(JSON.stringify(value))`.
    var containsExpression: Bool {
        switch self {
        case .string(let s): !TemplateText.slots(in: s).isEmpty
        case .array(let a): a.contains { $0.containsExpression }
        case .object(let o): o.contains { !TemplateText.slots(in: $0.key).isEmpty || $0.value.containsExpression }
        case .null, .bool, .int, .double: false
        }
    }
}
