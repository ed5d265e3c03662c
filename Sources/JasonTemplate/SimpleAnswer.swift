import JasonJSON

extension PathEvaluator {
    /// What Swift alone answers for the expression over `data` as the top-level `this`, or nil when it
    /// would ask the engine. For checks that compare the two (the template fuzz target).
    package static func answerInSwift(_ expression: String, data: JSON, standardBuiltins: Bool) -> Evaluation? {
        let parsed = ParsedExpression(expression)
        let scope = Scope.top(data)
        if let path = parsed.path { return evaluate(path, in: scope) }
        return parsed.simple?.evaluate(in: scope, methods: standardBuiltins)
    }
}
