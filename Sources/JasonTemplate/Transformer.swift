import JasonJSON
import Synchronization

/// The ST transform (`ST.transform(template, data)`) over our JSON values, with st.js's exact rules
/// (spec §3), quirks included. Pure and synchronous; expressions go to the injected evaluator, and every
/// expression that stays unresolved or throws is reported beside the result. Templates are compiled
/// once and kept in a small cache, so transforming with the same template again skips all parsing.
package struct Transformer: Sendable {
    package var evaluator: any ExpressionEvaluator
    let cache = TemplateCache()
    let last = LastTransform()

    package init(evaluator: any ExpressionEvaluator = PathEvaluator()) {
        self.evaluator = evaluator
    }

    /// Whether a transform can be told to have used nothing but its data: our own evaluators say when
    /// JavaScript was reached; another evaluator might answer differently each time.
    var remembersTransforms: Bool {
        evaluator is PathEvaluator
    }

    /// `ST.transform(template, data)`: `data` is also `$root`. When the template mentions `#include`
    /// anywhere, only the objects holding an `#include` are transformed (T12).
    package func transform(_ template: JSON, data: JSON) -> Transformed {
        var run = Transformation(evaluator: evaluator)
        if TemplateText.mentionsInclude(template) {
            return Transformed(value: run.transformIncludesOnly(template, data: data), diagnostics: run.diagnostics)
        }
        let remembers = remembersTransforms
        if remembers, let again = last.result(template, data) { return again }
        let scope = Scope.top(data)
        let rendered = Transformed(value: run.transform(cache.node(for: template), scope), diagnostics: run.diagnostics)
        // Only a transform that never reached JavaScript is a function of its data alone.
        if remembers, !scope.pass.evaluatorTookPart { last.keep(template, data, rendered) }
        return rendered
    }

    /// `TRANSFORM.run(template, data)`: the whole template, whatever it holds.
    package func run(_ template: JSON, data: JSON) -> Transformed {
        var run = Transformation(evaluator: evaluator)
        let value = run.transform(cache.node(for: template), Scope.top(data))
        return Transformed(value: value, diagnostics: run.diagnostics)
    }

    /// `TRANSFORM.fillout(data, text)`: one string's expressions.
    package func fill(_ text: String, data: JSON) -> Transformed {
        var run = Transformation(evaluator: evaluator)
        let value = text.hasTemplateMarker ? run.fill(StringTemplate(text, at: .root), Scope.top(data)) : .string(text)
        return Transformed(value: value, diagnostics: run.diagnostics)
    }
}

/// The last transform answered without JavaScript. A document usually draws its body when it loads and
/// again with `$render` in `$load`, from the same data: the second time costs a comparison of
/// identities, member by member, never of values.
final class LastTransform: Sendable {
    private let kept = Mutex<(template: JSON, data: JSON, rendered: Transformed)?>(nil)

    func result(_ template: JSON, _ data: JSON) -> Transformed? {
        kept.withLock { kept in
            guard let kept, kept.template.isIdentical(to: template), Self.sameMembers(kept.data, data) else { return nil }
            return kept.rendered
        }
    }

    func keep(_ template: JSON, _ data: JSON, _ rendered: Transformed) {
        kept.withLock { $0 = (template, data, rendered) }
    }

    static func sameMembers(_ a: JSON, _ b: JSON) -> Bool {
        guard case .object(let x) = a, case .object(let y) = b else { return a.isIdentical(to: b) }
        return x.hasIdenticalMembers(y)
    }
}

/// Compiled templates by their JSON. Bounded: past `limit` entries it starts again empty.
final class TemplateCache: Sendable {
    let limit = 512
    let nodes = Mutex<[JSON: TemplateNode]>([:])

    func node(for template: JSON) -> TemplateNode {
        if let cached = nodes.withLock({ $0[template] }) { return cached }
        let node = TemplateNode(compiling: template)
        nodes.withLock { nodes in
            if nodes.count >= limit { nodes.removeAll() }
            nodes[template] = node
        }
        return node
    }
}

/// One pass over a compiled template: the evaluator and what went unresolved. (`$root` is each
/// scope's: a loop's items and an include's value are rendered in scopes that carry it on.)
struct Transformation {
    let evaluator: any ExpressionEvaluator
    var diagnostics: [TemplateDiagnostic] = []

    init(evaluator: any ExpressionEvaluator) {
        self.evaluator = evaluator
    }

    /// The result of the pass.
    func finish(_ value: consuming JSON?) -> Transformed {
        Transformed(value: value, diagnostics: diagnostics)
    }

    /// The same with diagnostics made relative to `base` (a node compiled below the root of what the
    /// caller transforms).
    func finish(_ value: JSON?, relativeTo base: JSONPointer) -> Transformed {
        guard base != .root else { return Transformed(value: value, diagnostics: diagnostics) }
        let relative = diagnostics.map { d in
            var d = d
            d.pointer = JSONPointer(String(d.pointer.description.dropFirst(base.description.count)))
            return d
        }
        return Transformed(value: value, diagnostics: relative)
    }

    /// `TRANSFORM.run`: strings are filled, conditional arrays reduced, other arrays mapped with their
    /// falsy results dropped (T6), objects transformed key by key (T5).
    mutating func transform(_ node: TemplateNode, _ scope: Scope) -> JSON? {
        switch node {
        case .constant(let value):
            return value
        case .string(let template):
            switch template.include {
            case .none: return fill(template, scope)
            case .bare: return .string(template.text)
            // `"{{#include EXPR}}"`: the value itself, not transformed (T12).
            case .expression(let expression): return fillRaw(expression, scope, at: template.pointer) ?? .null
            }
        case .array(let elements):
            var out: [JSON] = []
            out.reserveCapacity(elements.count)
            for element in elements {
                if let value = transform(element, scope), value.isTruthy { out.append(value) }
            }
            return .array(out)
        case .conditional(let conditional):
            return conditional.run(&self, scope)
        case .object(let template):
            return transformObject(template, scope)
        }
    }

    mutating func transformObject(_ template: ObjectTemplate, _ scope: Scope) -> JSON? {
        if let shape = template.plainShape { return transformPlainObject(template, shape, scope) }
        var result: JSON = .object([:])
        if let include = template.include {
            result = includeBase(include.expression, value: include.value, at: include.pointer, scope)
        }
        var members = JSONObject(minimumCapacity: template.members.count)
        var isObject = true
        func commit() { if isObject, case .object = result { result = .object(members) } }
        if case .object(let base) = result { members = base } else { isObject = false }
        for member in template.members {
            let key = member.key
            switch member.kind {
            case .include:
                continue
            case .directive(let name, let expression, let body, let parts):
                guard let replacement = runDirective(name, expression: expression, body: body, parts: parts,
                                                     raw: member.raw, template: template, scope) else { continue }
                result = replacement
                if case .object(let base) = replacement { members = base; isObject = true } else { isObject = false }
            case .templateKey(let keyTemplate, let valueTemplate):
                let k = fill(keyTemplate, scope)
                let v = valueTemplate.map { fill($0, scope) } ?? template.original[key]
                if let k, let v, isObject { members[TemplateText.jsString(k)] = v }
            case .existential(let whole):
                if let filled = fill(whole, scope), filled.isTruthy, filled != .string(whole.text), isObject {
                    members[key] = filled
                }
            case .plain(let node):
                if let item = transform(node, scope), isObject { members[key] = item }
            }
        }
        commit()
        return result
    }

    /// Members all plain: the results share the template's key table; a member that transforms to
    /// undefined is left out as in the general case.
    mutating func transformPlainObject(_ template: ObjectTemplate, _ shape: JSONObject, _ scope: Scope) -> JSON {
        var members = shape
        var missing: [String] = []
        for (i, member) in template.members.enumerated() {
            guard case .plain(let node) = member.kind else { continue }
            if let item = transform(node, scope) { members.values[i] = item } else { missing.append(member.key) }
        }
        for key in missing { members.removeValue(forKey: key) }
        return .object(members)
    }
}
