import JasonJSON

/// An ST conditional array `[{"{{#if c}}": A}, {"{{#elseif d}}": B}, {"{{#else}}": C}]` (spec T7, R3),
/// recognised and run with st.js's rules (`Conditional.is` / `Conditional.run`).
public struct Conditional: Sendable {
    public struct Branch: Sendable {
        /// The condition of an `#if`/`#elseif`; nil for a branch taken unconditionally (`#else`).
        public var condition: String?
        public var key: String
        public var value: JSON
    }

    public var branches: [Branch]

    /// Recognises the shape; nil when the array is not a conditional. As in st.js, only the first
    /// element must be a one-member object whose key is `#if` with an expression; the elements between
    /// must be `#elseif`, the last `#else` or `#elseif` (names compared without case).
    public init?(_ elements: [JSON]) {
        guard case .object(let first)? = elements.first, first.count == 1,
              let head = Directive(first.keys[0]), head.name.lowercased() == "#if", !head.expression.isEmpty
        else { return nil }
        var branches: [Branch] = []
        for (i, element) in elements.enumerated() {
            guard case .object(let members) = element, let key = members.keys.first,
                  let directive = Directive(key) else { return nil }
            if i > 0 {
                let allowed = i == elements.count - 1 ? ["#else", "#elseif"] : ["#elseif"]
                guard members.keys.allSatisfy({ Directive($0).map { allowed.contains($0.name.lowercased()) } ?? false })
                else { return nil }
            }
            // Running compares names exactly: anything but `#if`/`#elseif` is taken as `#else`.
            let tested = directive.name == "#if" || directive.name == "#elseif"
            branches.append(Branch(condition: tested ? directive.expression : nil, key: key, value: members[key]!))
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

    /// The winning branch, evaluating conditions in order as `Conditional.run` does.
    public func choose(_ evaluator: any ExpressionEvaluator, in scope: Scope) -> Choice {
        var run = Run(evaluator: evaluator, root: scope.root)
        switch choose(&run, scope) {
        case .branch(let i): return .branch(i)
        case .none: return .none
        case .unresolved(let expression, _):
            let reason = run.diagnostics.last.map { d -> String in
                if case .failed(let message) = d.kind { return message }
                return "undefined"
            } ?? "no data"
            return .unresolved(expression: expression, reason: reason)
        }
    }

    func choose(_ run: inout Run, _ scope: Scope) -> Choice {
        for (i, branch) in branches.enumerated() {
            guard let condition = branch.condition else { return .branch(i) }
            let whole = "{{" + condition + "}}"
            run.path.append(String(i))
            run.path.append(branch.key)
            let result = run.fill(whole, scope)
            run.path.removeLast(2)
            guard let result, result != .string(whole) else {
                return .unresolved(expression: condition, reason: "")
            }
            if result.isTruthy { return .branch(i) }
        }
        return .none
    }

    func run(_ run: inout Run, _ scope: Scope) -> JSON? {
        switch choose(&run, scope) {
        case .branch(let i):
            run.path.append(String(i))
            run.path.append(branches[i].key)
            defer { run.path.removeLast(2) }
            return run.transform(branches[i].value, scope)
        case .none:
            return .null
        case .unresolved:
            return .array(branches.map { .object([$0.key: $0.value]) })
        }
    }
}
