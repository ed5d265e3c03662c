import JasonJSON
import JasonTemplate

/// Arrays written as conditionals that st.js will not take as one (`#elsif`, `#if` not first, a branch
/// with two keys), or takes with a branch it never reaches. One rule for a run, which warns and goes on
/// as st.js does (the array stays as written), and for `check`, which makes it an error.
extension Document {
    static let branchNames = ["#if", "#elseif", "#else"]

    /// An array whose elements use `#if`/`#elseif`/`#else` keys (or keys one typo away from them).
    package static func looksConditional(_ elements: [JSON]) -> Bool {
        elements.contains { element in
            element.objectValue?.keys.contains { key in
                guard key.utf8.contains(UInt8(ascii: "#")) else { return false }
                guard let name = ExpressionScan.directive(key)?.name.lowercased() else { return false }
                return branchNames.contains(name) || Suggestion.closest(to: name, among: branchNames) != nil
            } ?? false
        }
    }

    func conditionalShape(_ elements: [JSON], at pointer: JSONPointer, into found: inout [Diagnostic]) {
        func report(_ id: Diagnostic.ID, _ message: String, at path: ActionPath, fix: (String, String)? = nil) {
            let finding = Diagnostic(id, .warning, message, at: path)
            found.append(finding.fixing(fix))
        }
        var elseAt: Int?
        for (i, element) in elements.enumerated() {
            let at = pointer.appending(i)
            guard case .object(let members) = element, members.count == 1, let key = members.keys.first else {
                report(.conditionalShape,
                       "each branch of a conditional is an object with one key ({\"{{#elseif …}}\": action}), found \(element.objectValue.map { "\($0.count) keys" } ?? element.kindName)",
                       at: locator.path(at))
                continue
            }
            let keyAt = locator.keyPath(at.appending(key))
            guard let directive = ExpressionScan.directive(key) else {
                report(.conditionalShape, "\"\(key)\" is not a branch: a conditional's keys are {{#if …}}, {{#elseif …}} and {{#else}}",
                       at: keyAt)
                continue
            }
            let name = directive.name.lowercased()
            if let first = elseAt {
                report(.unreachableBranch, name == "#else"
                       ? "a second {{#else}}: the one in branch \(first) already catches everything, so this branch is never reached"
                       : "this branch comes after the {{#else}} of branch \(first) and is never reached (#else must be last)",
                       at: keyAt)
                continue
            }
            switch name {
            case "#if" where i == 0, "#elseif" where i > 0:
                if directive.expression.allSatisfy({ $0 == " " || $0 == "\t" }) {
                    report(.conditionalShape, "\(directive.name) needs a condition: {{\(directive.name) EXPRESSION}}", at: keyAt)
                }
            case "#else" where i > 0:
                elseAt = i
            case "#if":
                report(.conditionalShape, "only the first branch is {{#if …}}; this one should be {{#elseif …}}", at: keyAt)
            case "#elseif", "#else":
                report(.conditionalShape, "a conditional starts with {{#if …}}, not \(directive.name)", at: keyAt)
            default:
                var message = "\(directive.name) is not a conditional branch"
                let near = Suggestion.closest(to: name, among: Self.branchNames)
                if let near { message += "; did you mean \(near)?" }
                let fixed = near.flatMap { near in key.range(of: directive.name).map { key.replacingCharacters(in: $0, with: near) } }
                report(.conditionalShape, message, at: keyAt, fix: fixed.map { (key, $0) })
            }
        }
    }
}
