import JasonJSON

/// Evaluates plain paths and literals in Swift with JavaScript's results. Anything else is handed to
/// `fallback` (the JavaScript engine); without one, it is reported as needing the engine.
package final class PathEvaluator: ExpressionEvaluator {
    /// The engine itself rather than any evaluator: reaching an existential copied it at every expression.
    package let fallback: ScriptEvaluator?

    package init(fallback: ScriptEvaluator? = nil) {
        self.fallback = fallback
    }

    package var hasStandardBuiltins: Bool { fallback?.hasStandardBuiltins ?? true }

    package func evaluate(_ expression: String, in scope: Scope) -> Evaluation {
        evaluate(ParsedExpression(expression), in: scope)
    }

    package func evaluate(_ expression: ParsedExpression, in scope: Scope) -> Evaluation {
        // Once an expression may have changed the data inside the engine, the engine has the truth.
        if scope.pass.scriptOwnsData, let result = fallback?.evaluate(expression.text, in: scope) { return result }
        if let result = Self.answer(expression, in: scope, standardBuiltins: hasStandardBuiltins) { return result }
        return fallback?.evaluate(expression.text, in: scope)
            ?? .failed("'\(expression.text)' is not a plain path; JavaScript expressions need the script engine")
    }

    /// What Swift answers without the engine: a plain path, else a simple expression (calls of built-ins
    /// only with `standardBuiltins`); nil when the engine must.
    static func answer(_ expression: ParsedExpression, in scope: Scope, standardBuiltins: Bool) -> Evaluation? {
        if let path = expression.path, let result = evaluate(path, in: scope) { return result }
        return expression.simple?.evaluate(in: scope, methods: standardBuiltins)
    }

    /// The same for `expression` over `data` as the top-level `this`, for checks that compare Swift's
    /// answers with the engine's (the template fuzz target).
    package static func answerInSwift(_ expression: String, data: JSON, standardBuiltins: Bool) -> Evaluation? {
        answer(ParsedExpression(expression), in: Scope.top(data), standardBuiltins: standardBuiltins)
    }

    /// The value of a parsed path, or nil when the answer depends on JavaScript itself
    /// (a prototype method, a property of a number), so the engine must decide.
    package static func evaluate(_ expression: PathExpression, in scope: Scope) -> Evaluation? {
        switch expression {
        case .literal(let value):
            return .value(value)
        case .path(let head, let steps):
            if head != "this", let found = scope.memberPath(head, steps) { return .value(Self.asJavaScriptSees(found)) }
            // Only an error message needs the path as written, so it is spelt out only then.
            func described(_ i: Int) -> String { steps[...i].reduce(head) { $0 + $1.text } }
            // Reading a property of undefined throws, as in JavaScript.
            func undefinedBase(_ i: Int) -> Evaluation {
                i < steps.count ? .failed("TypeError: undefined is not an object (evaluating '\(described(i))')") : .undefined
            }
            var value: JSON
            if head == "this" {
                value = scope.thisWithLets
            } else if let found = scope.lookup(head) {
                value = found
            } else if head == "$jason" {
                return undefinedBase(0) // declared in the engine's global scope: undefined, not a ReferenceError
            } else if case .object = scope.this {
                return .failed("ReferenceError: Can't find variable: \(head)")
            } else {
                return nil // a primitive `this` has prototype properties only JavaScript knows
            }
            // One value walked down, replaced at each step rather than copied into an optional and out.
            for i in steps.indices {
                guard let next = member(of: value, steps[i].access, described: { described(i) }) else { return nil }
                switch next {
                case .value(let v): value = v
                case .undefined: return undefinedBase(i + 1)
                case .failed: return next
                }
            }
            return .value(Self.asJavaScriptSees(value))
        }
    }

    /// An integer past 2^53 as JavaScript holds it (rounded to a double), so `{{id}}` answered here
    /// agrees with `{{id + 0}}` answered by the engine. Integers inside a returned object or array keep
    /// their digits (Docs/Templates.md).
    static func asJavaScriptSees(_ value: JSON) -> JSON {
        if case .int(let i) = value, i.magnitude > 1 << 53 { return .double(Double(i)) }
        return value
    }

    static func member(of value: JSON, _ step: PathExpression.Step.Access, described: () -> String) -> Evaluation? {
        // One switch inside another rather than over a pair: making the pair copied both.
        switch value {
        case .null:
            return .failed("TypeError: null is not an object (evaluating '\(described())')")
        case .object(let o):
            switch step {
            case .member(let name):
                if let v = o[name] { return .value(v) }
                return PathExpression.inheritedNames.contains(name) ? nil : .undefined
            case .index(let i):
                return o[String(i)].map(Evaluation.value) ?? .undefined
            }
        case .array(let a):
            switch step {
            case .index(let i): return a.indices.contains(i) ? .value(a[i]) : .undefined
            case .member("length"): return .value(.int(a.count))
            case .member: return nil
            }
        case .string(let s):
            if case .member("length") = step { return .value(.int(s.utf16.count)) }
            return nil
        default:
            return nil
        }
    }
}
