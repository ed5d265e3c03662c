import JasonJSON

/// An ST conditional array `[{"{{#if c}}": A}, {"{{#elseif d}}": B}, {"{{#else}}": C}]` (spec T7, R3).
public struct Conditional: Sendable {
    public struct Branch: Sendable {
        /// nil for `#else`.
        public var condition: String?
        public var key: String
        public var value: JSON
    }

    public var branches: [Branch]

    /// Recognises the shape; nil when the array is not a conditional.
    public init?(_ elements: [JSON]) {
        guard !elements.isEmpty else { return nil }
        var branches: [Branch] = []
        for (i, element) in elements.enumerated() {
            guard case .object(let o) = element, o.count == 1, let (key, value) = o.elements.first,
                  let directive = Directive(key) else { return nil }
            let isLast = i == elements.count - 1
            switch directive.name {
            case "#if" where i == 0 && !directive.expression.isEmpty:
                branches.append(Branch(condition: directive.expression, key: key, value: value))
            case "#elseif" where i > 0:
                branches.append(Branch(condition: directive.expression, key: key, value: value))
            case "#else" where i > 0 && isLast:
                branches.append(Branch(condition: nil, key: key, value: value))
            default:
                return nil
            }
        }
        self.branches = branches
    }

    /// Which branch wins.
    public enum Choice: Sendable, Hashable {
        case branch(Int)
        case none
        /// A condition was undefined or threw: st.js then returns the array unchanged.
        case unresolved(expression: String, reason: String)
    }

    public func choose(_ evaluator: any ExpressionEvaluator, in scope: Scope) -> Choice {
        for (i, branch) in branches.enumerated() {
            guard let condition = branch.condition else { return .branch(i) }
            guard scope.this.isTruthy else { return .unresolved(expression: condition, reason: "no data") }
            switch evaluator.evaluate(condition, in: scope) {
            case .value(let v): if v.isTruthy { return .branch(i) }
            case .undefined: return .unresolved(expression: condition, reason: "undefined")
            case .failed(let message): return .unresolved(expression: condition, reason: message)
            }
        }
        return .none
    }

    func run(_ run: inout Run, this: JSON, index: Int?) -> JSON? {
        switch choose(run.evaluator, in: Scope(this: this, root: run.root, index: index)) {
        case .branch(let i):
            run.path.append(String(i))
            run.path.append(branches[i].key)
            defer { run.path.removeLast(2) }
            return run.transform(branches[i].value, this: this, index: index)
        case .none:
            return .null
        case .unresolved(let expression, let reason):
            run.report(expression, offset: 0, reason == "undefined" ? .undefined : .failed(reason))
            return .array(branches.map { .object([$0.key: $0.value]) })
        }
    }
}
