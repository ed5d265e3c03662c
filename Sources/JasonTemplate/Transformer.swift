import JasonJSON

/// The ST transform (`ST.transform(template, data)`) over our JSON values: structure rules T4–T8.
/// Pure and synchronous; expressions go to the injected evaluator.
public struct Transformer: Sendable {
    public var evaluator: any ExpressionEvaluator

    public init(evaluator: any ExpressionEvaluator = PathEvaluator()) {
        self.evaluator = evaluator
    }

    /// Renders `template` against `data` (which is also `$root`).
    public func render(_ template: JSON, data: JSON) -> Rendered {
        var run = Run(evaluator: evaluator, root: data)
        let value = run.transform(template, this: data, index: nil)
        return Rendered(value: value, diagnostics: run.diagnostics)
    }

    /// Fills one string's expressions; for callers that hold a string rather than a template.
    public func fill(_ text: String, data: JSON) -> Rendered {
        render(.string(text), data: data)
    }
}

/// One rendering pass: carries the diagnostics and the path to the node being rendered.
struct Run {
    let evaluator: any ExpressionEvaluator
    let root: JSON
    var diagnostics: [TemplateDiagnostic] = []
    var path: [String] = []

    init(evaluator: any ExpressionEvaluator, root: JSON) {
        self.evaluator = evaluator
        self.root = root
    }

    mutating func transform(_ template: JSON, this: JSON, index: Int?) -> JSON? {
        switch template {
        case .string(let text):
            return fill(text, this: this, index: index)
        case .array(let elements):
            if let conditional = Conditional(elements) {
                return conditional.run(&self, this: this, index: index)
            }
            var out: [JSON] = []
            out.reserveCapacity(elements.count)
            for (i, element) in elements.enumerated() {
                path.append(String(i))
                if let value = transform(element, this: this, index: index), value.isTruthy { out.append(value) }
                path.removeLast()
            }
            return .array(out)
        case .object(let members):
            return transformObject(members, this: this, index: index)
        case .null, .bool, .int, .double:
            return template
        }
    }

    mutating func transformObject(_ members: JSONObject, this: JSON, index: Int?) -> JSON? {
        var result = JSONObject()
        var replacement: JSON? = nil
        for (key, value) in JSOrder.members(members) {
            path.append(key)
            defer { path.removeLast() }
            if key.contains("{{"), Fillout.isWholeExpression(key) || !Fillout.slots(in: key).isEmpty {
                if let directive = Directive(key) {
                    switch directive.name {
                    case "#each":
                        replacement = each(directive.expression, body: value, template: .object(members),
                                           this: this, index: index)
                    default:
                        break // other directives arrive with the full engine; unknown ones are dropped (T5)
                    }
                    continue
                }
                let k = fill(key, this: this, index: index)
                let v = value.stringValue.map { fill($0, this: this, index: index) } ?? value
                if case .string(let name) = k, let v { result[name] = v }
                else if let k, let v { result[Fillout.jsString(k)] = v }
                continue
            }
            if case .string(let text) = value, let directive = Directive(text), directive.name == "#?" {
                let filled = fill("{{" + directive.expression + "}}", this: this, index: index)
                if let filled, filled.isTruthy, filled != .string("{{" + directive.expression + "}}") {
                    result[key] = filled
                }
                continue
            }
            if let item = transform(value, this: this, index: index) { result[key] = item }
        }
        if let replacement {
            if case .object(let base) = replacement {
                var merged = base
                for (k, v) in result { merged[k] = v }
                return .object(merged)
            }
            return replacement
        }
        return .object(result)
    }

    /// `{"{{#each EXPR}}": body}` (T8): the body once per element, the element as `this`.
    mutating func each(_ expression: String, body: JSON, template: JSON, this: JSON, index: Int?) -> JSON {
        guard case .array(let items)? = evaluateRaw(expression, this: this, index: index) else { return template }
        var out: [JSON] = []
        for (i, item) in items.enumerated() {
            path.append(String(i))
            if let value = transform(body, this: item, index: i), value.isTruthy { out.append(value) }
            path.removeLast()
        }
        return .array(out)
    }

    /// The value of one expression, or nil when it is undefined or throws (reported).
    mutating func evaluateRaw(_ expression: String, this: JSON, index: Int?) -> JSON? {
        guard this.isTruthy else { return nil }
        switch evaluator.evaluate(expression, in: Scope(this: this, root: root, index: index)) {
        case .value(let v): return v
        case .undefined: report(expression, offset: 0, .undefined); return nil
        case .failed(let message): report(expression, offset: 0, .failed(message)); return nil
        }
    }

    /// `TRANSFORM.fillout`: each `{{…}}` in turn, on the progressively filled string (T3).
    mutating func fill(_ text: String, this: JSON, index: Int?) -> JSON? {
        guard text.contains("{{") else { return .string(text) }
        let slots = Fillout.slots(in: text)
        guard !slots.isEmpty, this.isTruthy else { return .string(text) }
        var current = text
        let scope = Scope(this: this, root: root, index: index)
        for slot in slots {
            let value: JSON
            switch evaluator.evaluate(String(slot.expression), in: scope) {
            case .value(let v): value = v
            case .undefined: report(String(slot.expression), offset: slot.offset, .undefined); continue
            case .failed(let m): report(String(slot.expression), offset: slot.offset, .failed(m)); continue
            }
            if Fillout.isWholeExpression(current) { return value }
            let replacement = value.isTruthy ? Fillout.jsString(value) : ""
            current = Fillout.replaceFirst(slot.variable, in: current, with: replacement)
        }
        return .string(current)
    }

    mutating func report(_ expression: String, offset: Int, _ kind: TemplateDiagnostic.Kind) {
        let pointer = path.reduce(JSONPointer.root) { $0.appending($1) }
        diagnostics.append(TemplateDiagnostic(pointer: pointer, expression: expression, offset: offset, kind: kind))
    }
}

/// `{{#name expression}}` (st.js `tokenize`).
struct Directive {
    var name: String
    var expression: String

    init?(_ text: String) {
        guard Fillout.isWholeExpression(text) else { return nil }
        let inner = String(text.dropFirst(2).dropLast(2)).trimmingSpaces()
        guard inner.hasPrefix("#") else { return nil }
        let nameEnd = inner.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? inner.endIndex
        name = String(inner[..<nameEnd])
        expression = String(String(inner[nameEnd...]).trimmingSpaces())
    }
}

/// JavaScript enumerates integer-like keys first, ascending, then the rest in insertion order (T5).
enum JSOrder {
    static func members(_ members: JSONObject) -> [(key: String, value: JSON)] {
        let all = members.map { (key: $0.key, value: $0.value) }
        guard members.keys.contains(where: isArrayIndex) else { return all }
        let indexed = all.filter { isArrayIndex($0.key) }.sorted { UInt32($0.key)! < UInt32($1.key)! }
        return indexed + all.filter { !isArrayIndex($0.key) }
    }

    static func isArrayIndex(_ key: String) -> Bool {
        guard let n = UInt32(key), n < UInt32.max else { return false }
        return String(n) == key
    }
}
