import JasonJSON

/// An ST conditional array `[{"{{#if c}}": A}, {"{{#elseif d}}": B}, {"{{#else}}": C}]` (spec T7, R3),
/// recognised and run with st.js's rules (`Conditional.is` / `Conditional.run`).
package struct Conditional: Sendable {
    package struct Branch: Sendable {
        /// The condition of an `#if`/`#elseif`; nil for a branch taken unconditionally (`#else`).
        package var condition: String?
        package var key: String
        package var value: JSON
        var test: StringTemplate?
        var node: TemplateNode
        /// Where `value` sits relative to the conditional's own pointer (the root of `node`'s pointers).
        var pointer: JSONPointer
        var mentionsInclude: Bool
    }

    package var branches: [Branch]
    /// The array as written, which st.js returns when a condition cannot be evaluated.
    let original: [JSON]

    /// Recognises the shape; nil when the array is not a conditional.
    package init?(_ elements: [JSON], at pointer: JSONPointer = .root) {
        guard Self.isConditional(elements) else { return nil }
        original = elements
        branches = elements.enumerated().map { i, element in
            let (key, value) = element.objectValue!.elements[0]
            let directive = Directive(key)!
            // Running compares names exactly: anything but `#if`/`#elseif` is taken as `#else`.
            let tested = directive.name == "#if" || directive.name == "#elseif"
            let at = pointer.appending(i).appending(key)
            return Branch(condition: tested ? directive.expression : nil, key: key, value: value,
                          test: tested ? .whole(directive.expression, at: at) : nil,
                          node: TemplateNode(compiling: value, at: at), pointer: at,
                          mentionsInclude: TemplateText.mentionsInclude(value))
        }
    }

    /// The directive a key names (`#elsif` for `"{{#elsif x}}"`), lower-cased; nil when it names none.
    package static func directiveName(_ key: String) -> String? { Directive(key)?.name.lowercased() }

    /// As in st.js, only the first element must be a one-member object whose key is `#if` with an
    /// expression; the elements between must be `#elseif`, the last `#else` or `#elseif` (names compared
    /// without case). Keys may be written without braces.
    static func isConditional(_ elements: [JSON]) -> Bool {
        guard case .object(let first)? = elements.first, first.count == 1,
              let head = Directive(first.keys[0]), head.name.lowercased() == "#if", !head.expression.isEmpty
        else { return false }
        for (i, element) in elements.enumerated().dropFirst() {
            guard case .object(let members) = element, !members.isEmpty else { return false }
            let allowed = i == elements.count - 1 ? ["#else", "#elseif"] : ["#elseif"]
            guard members.keys.allSatisfy({ Directive($0).map { allowed.contains($0.name.lowercased()) } ?? false })
            else { return false }
        }
        return true
    }

    /// Which branch wins.
    package enum Choice: Sendable, Hashable {
        case branch(Int)
        case none
        /// A condition was undefined or threw: st.js then returns the array unchanged.
        case unresolved(expression: String, reason: String)
    }

    /// The winning branch, evaluating conditions in order as `Conditional.run` does.
    package func choose(_ evaluator: any ExpressionEvaluator, in scope: Scope) -> Choice {
        var run = Transformation(evaluator: evaluator)
        return choose(&run, scope)
    }

    func choose(_ run: inout Transformation, _ scope: Scope) -> Choice {
        // By position, taking only the test: a branch copied whole retained each of its members.
        for i in branches.indices {
            // A branch has a test exactly when it has a condition (`#if`, `#elseif`).
            guard let test = branches[i].test else { return .branch(i) }
            let reported = run.diagnostics.count
            let result = run.fill(test, scope)
            // The test's own text back means it stayed unfilled.
            let unfilled = if case .string(let text)? = result { text == test.text } else { result == nil }
            guard let result, !unfilled else {
                let reason = run.diagnostics.dropFirst(reported).last.map { d -> String in
                    if case .failed(let message) = d.kind { return message }
                    return "undefined"
                } ?? "no data"
                return .unresolved(expression: branches[i].condition ?? test.text, reason: reason)
            }
            if result.isTruthy { return .branch(i) }
        }
        return .none
    }

    func run(_ run: inout Transformation, _ scope: Scope) -> JSON? {
        switch choose(&run, scope) {
        case .branch(let i):
            return run.transform(branches[i].node, scope)
        case .none:
            if let first = branches.first, let condition = first.condition, branches.allSatisfy({ $0.condition != nil }) {
                run.diagnostics.append(TemplateDiagnostic(pointer: first.pointer, expression: condition, offset: 0, kind: .noBranch))
            }
            return .null
        case .unresolved:
            return .array(original)
        }
    }
}
