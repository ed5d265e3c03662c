import JasonJSON

/// The ST transform (`ST.transform(template, data)`) over our JSON values, with st.js's exact rules
/// (spec §3), quirks included. Pure and synchronous; expressions go to the injected evaluator, and every
/// expression that stays unresolved or throws is reported beside the result.
public struct Transformer: Sendable {
    public var evaluator: any ExpressionEvaluator

    public init(evaluator: any ExpressionEvaluator = PathEvaluator()) {
        self.evaluator = evaluator
    }

    /// `ST.transform(template, data)`: `data` is also `$root`. When the template mentions `#include`
    /// anywhere, only the objects holding an `#include` are transformed (T12).
    public func render(_ template: JSON, data: JSON) -> Rendered {
        var run = Run(evaluator: evaluator, root: data)
        let value: JSON?
        if Fillout.mentionsInclude(template) {
            value = run.transformIncludesOnly(template, data: data)
        } else {
            value = run.transform(template, Scope.top(data))
        }
        return Rendered(value: value, diagnostics: run.diagnostics)
    }

    /// `TRANSFORM.run(template, data)`: the whole template, whatever it holds.
    public func run(_ template: JSON, data: JSON) -> Rendered {
        var run = Run(evaluator: evaluator, root: data)
        let value = run.transform(template, Scope.top(data))
        return Rendered(value: value, diagnostics: run.diagnostics)
    }

    /// `TRANSFORM.fillout(data, text)`: one string's expressions.
    public func fill(_ text: String, data: JSON) -> Rendered {
        var run = Run(evaluator: evaluator, root: data)
        let value = run.fill(text, Scope.top(data))
        return Rendered(value: value, diagnostics: run.diagnostics)
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

    /// `TRANSFORM.run`: strings are filled, conditional arrays reduced, other arrays mapped with their
    /// falsy results dropped (T6), objects transformed key by key (T5).
    mutating func transform(_ template: JSON, _ scope: Scope) -> JSON? {
        switch template {
        case .string(let text):
            return transformString(text, scope)
        case .array(let elements):
            if let conditional = Conditional(elements) { return conditional.run(&self, scope) }
            var out: [JSON] = []
            out.reserveCapacity(elements.count)
            for (i, element) in elements.enumerated() {
                path.append(String(i))
                if let value = transform(element, scope), value.isTruthy { out.append(value) }
                path.removeLast()
            }
            return .array(out)
        case .object(let members):
            return transformObject(members, scope)
        case .null, .bool, .int, .double:
            return template
        }
    }

    mutating func transformString(_ text: String, _ scope: Scope) -> JSON? {
        guard text.contains("{{"), Directive.isTemplate(text) else { return .string(text) }
        if let include = Fillout.includeString(text) {
            // `"{{#include EXPR}}"`: the value itself, not transformed (T12).
            return include.isEmpty ? .string(text) : fillRaw(include, scope) ?? .null
        }
        return fill(text, scope)
    }

    mutating func transformObject(_ members: JSONObject, _ scope: Scope) -> JSON? {
        var result: JSON = .object([:])
        let ordered = JSOrder.members(members)
        if let include = ordered.first(where: { Fillout.isIncludeKey($0.key) }) {
            result = includeBase(key: include.key, value: include.value)
        }
        for (key, value) in ordered {
            path.append(key)
            defer { path.removeLast() }
            if key.contains("{{"), Directive.isTemplate(key) {
                if let directive = Directive(key) {
                    if let replacement = runDirective(directive, value: value, template: members, scope) {
                        result = replacement
                    }
                    continue
                }
                // A template key: key and value filled one level, kept when both are defined.
                let k = fill(key, scope)
                let v = value.stringValue.map { fill($0, scope) } ?? value
                if let k, let v { Self.set(&result, Fillout.jsString(k), v) }
                continue
            }
            if case .string(let text) = value, let directive = Directive(text), directive.name == "#?" {
                let whole = "{{" + directive.expression + "}}"
                if let filled = fill(whole, scope), filled.isTruthy, filled != JSON.string(whole) {
                    Self.set(&result, key, filled)
                }
                continue
            }
            if let item = transform(value, scope) { Self.set(&result, key, item) }
        }
        return result
    }

    /// `result[key] = value` as JavaScript does it: only objects keep new members.
    static func set(_ result: inout JSON, _ key: String, _ value: JSON) {
        guard case .object(var members) = result else { return }
        result = .null // let the dictionary be mutated in place
        members[key] = value
        result = .object(members)
    }

    mutating func report(_ expression: String, offset: Int, _ kind: TemplateDiagnostic.Kind) {
        let pointer = path.reduce(JSONPointer.root) { $0.appending($1) }
        diagnostics.append(TemplateDiagnostic(pointer: pointer, expression: expression, offset: offset, kind: kind))
    }
}
