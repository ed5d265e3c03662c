import JasonJSON
import JasonRuntime
import JasonTemplate

extension Pass {
    /// An action position, judged on the typed tree a run loads (`ActionNode`, `ActionKind`), parsed
    /// leniently so that one broken action does not hide the others.
    mutating func action(_ json: JSON, at pointer: JSONPointer, inLambda: Bool) {
        visit(ActionNode.parseForCheck(json, at: pointer, locator: locator), json, at: pointer, inLambda: inLambda)
    }

    mutating func visit(_ node: ActionNode, _ json: JSON, at pointer: JSONPointer, inLambda: Bool) {
        switch node {
        case .empty, .template:
            break  // `{}` ends the chain; a string renders to an action when it runs
        case .call(let call):
            switch call.target {
            case .trigger(let name): self.call(name, at: pointer.appending("trigger"))
            case .type(let type): typed(type, kind: call.kind, options: call.options, at: pointer, inLambda: inLambda)
            }
            for (key, next) in [("success", call.success), ("error", call.error)] {
                if let next, let written = json[key] { visit(next, written, at: pointer.appending(key), inLambda: inLambda) }
            }
        case .conditional(let conditional):
            for (i, branch) in conditional.conditional.branches.enumerated() {
                action(branch.value, at: pointer.appending(i).appending(branch.key), inLambda: inLambda)
            }
        case .malformed(let problem):
            malformed(problem, json, at: pointer, inLambda: inLambda)
        }
    }

    /// What cannot run, said as loading says it, at the severity a run would give it here.
    mutating func malformed(_ problem: Diagnostic, _ json: JSON, at pointer: JSONPointer, inLambda: Bool) {
        switch json {
        case .object(let members):
            if let (key, _) = MixinReference.find(in: members) {
                report(.mixin, .note, "this action is mixed in (\"\(key)\": \(members[key]!)) when the document loads; "
                       + "check resolves only file:// mixins beside the document, so what it runs is not checked here", at: pointer)
            } else if members["type"] == nil, members["trigger"] == nil {
                var finding = problem
                finding.severity = Self.severity(runsFor: pointer)
                found.append(finding)
            }
            // A `type` or `trigger` that is not a string stops loading, which reports it; the branches are still actions.
            for key in ["success", "error"] {
                if let next = members[key], !next.isNull { action(next, at: pointer.appending(key), inLambda: inLambda) }
            }
        case .array(let elements):
            // A broken conditional is reported once, by the template pass; its branches are still actions.
            guard ExpressionScan.isConditional(elements) || Document.looksConditional(elements) else {
                var finding = problem
                finding.severity = Self.severity(runsFor: pointer)
                found.append(finding)
                return
            }
            for (i, element) in elements.enumerated() {
                guard case .object(let arms) = element, arms.count == 1, let (key, value) = arms.elements.first,
                      ExpressionScan.directive(key) != nil else { continue }
                action(value, at: pointer.appending(i).appending(key), inLambda: inLambda)
            }
        default:
            found.append(problem)  // a number, a boolean or null: loading's own error
        }
    }

    /// What a run does is an error where the action surely runs: a system event's chain (`$load`,
    /// `$show`…) or a single action. Elsewhere (a named action, a component's) it fails only if it runs,
    /// and real documents keep such leftovers where nothing reaches them: a warning.
    static func severity(runsFor pointer: JSONPointer) -> Diagnostic.Severity {
        let tokens = pointer.tokens
        if tokens.isEmpty || tokens.first != "$jason" { return .error }
        return tokens.count > 3 && tokens[1] == "head" && tokens[2] == "actions" && tokens[3].hasPrefix("$") ? .error : .warning
    }

    /// `trigger` or `$lambda` to a name.
    mutating func call(_ name: String, at pointer: JSONPointer) {
        guard !name.hasTemplateMarker, !actionNameSet.contains(name) else { return }
        var message = "no action named '\(name)' in head.actions"
        let near = Suggestion.closest(to: name, among: actionNames)
        if let near { message += "; did you mean '\(near)'?" }
        // A single action is a fragment: the names it calls live in the document it is run from.
        report(.unknownLambda, isFragment ? .warning : .error, message, at: pointer, fix: near.map { (name, $0) })
    }

    static func group(of type: String) -> Substring {
        type.firstIndex(of: ".").map { type[..<$0] } ?? Substring(type)
    }

    mutating func typed(_ type: String, kind: ActionKind, options: JSON?, at pointer: JSONPointer, inLambda: Bool) {
        guard !type.hasTemplateMarker else { return }
        let typePointer = pointer.appending("type")
        switch kind {
        case .return where !inLambda:
            report(.returnOutsideLambda, .warning,
                   "\(type) outside any lambda: nothing triggers this chain, so it only ends it", at: typePointer)
        case .call:
            if case .string(let name)? = options?["name"] { call(name, at: pointer.appending("options").appending("name")) }
        default:
            break
        }
        guard let spec = analyzer.registry.spec(for: type), type != "trigger" else {
            let known = analyzer.registry.specs.map(\.type).filter { $0 != "trigger" }
            if let near = Suggestion.closest(to: type, among: known) {
                // A typo, unless its group is an extension: one the document uses for several actions.
                let group = Self.group(of: type)
                let isExtension = !known.contains { Self.group(of: $0) == group } && (typesByGroup[group]?.count ?? 0) > 1
                report(.unknownAction, isExtension ? .warning : .error,
                       "unknown action type '\(type)'; did you mean \(near)?", at: typePointer, fix: (type, near))
            } else {
                report(.unknownAction, .warning,
                       "unknown action type '\(type)': no built-in action has it (a host may register it); without one it takes the error branch",
                       at: typePointer)
            }
            return
        }
        check(options, against: spec, type: type, at: pointer.appending("options"))
        if type == "$render", !isFragment {
            let name = options?["template"]?.stringValue ?? "body"
            let templates = templateNames
            // Templates a remote mixin brings in (`{"@": URL}`) are not known here.
            if !name.hasTemplateMarker, !templates.contains(name), !templates.contains(where: { $0.contains("@") }) {
                let problem = RenderNames.missing(name, templates)
                let at = options?["template"] != nil ? pointer.appending("options").appending("template") : pointer
                report(.template, .warning, problem.message, at: at, fix: options?["template"] != nil ? problem.near.map { (name, $0) } : nil)
            }
        }
        if type.hasPrefix("$agent."), case .object(let members)? = options {
            agentCall(type, members, at: pointer.appending("options"), action: pointer)
        }
        // `$timer.start` and host actions take an action to run later as an option.
        if case .object(let later)? = options?["action"], !later.isEmpty {
            action(.object(later), at: pointer.appending("options").appending("action"), inLambda: false)
        }
    }
}
