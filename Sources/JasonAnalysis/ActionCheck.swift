import JasonJSON
import JasonRuntime
import JasonTemplate

extension Pass {
    /// An action position: an action object, a conditional array, a template string, or `{}`.
    mutating func action(_ json: JSON, at pointer: JSONPointer, inLambda: Bool) {
        switch json {
        case .object(let members):
            guard !members.isEmpty else { return }
            if let trigger = members["trigger"] {
                if case .string(let name) = trigger { call(name, at: pointer.appending("trigger")) }
            } else if let type = members["type"] {
                if case .string(let name) = type {
                    typed(name, options: members["options"], at: pointer, inLambda: inLambda)
                }
            } else if let (key, _) = MixinReference.find(in: members) {
                report(.mixin, .note, "this action is mixed in (\"\(key)\": \(members[key]!)) when the document loads; "
                       + "check resolves only file:// mixins beside the document, so what it runs is not checked here", at: pointer)
            } else {
                // Worded as a run words it: `check` and a run agree on what fails.
                let problem = ActionNode.untargeted(members)
                if let key = problem.key {
                    report(.invalidAction, Self.severity(runsFor: pointer), problem.message, atKeyOf: pointer.appending(key),
                           fix: problem.fix.map { ($0.old, $0.new) })
                } else {
                    report(.invalidAction, Self.severity(runsFor: pointer), problem.message, at: pointer)
                }
            }
            for branch in ["success", "error"] {
                if let next = members[branch], !next.isNull {
                    action(next, at: pointer.appending(branch), inLambda: inLambda)
                }
            }
        case .array(let elements):
            // A broken conditional is reported once, by the template pass; its branches are still actions.
            if ExpressionScan.isConditional(elements) || Document.looksConditional(elements) {
                for (i, element) in elements.enumerated() {
                    guard case .object(let arms) = element, arms.count == 1, let (key, value) = arms.elements.first,
                          ExpressionScan.directive(key) != nil else { continue }
                    action(value, at: pointer.appending(i).appending(key), inLambda: inLambda)
                }
            } else {
                report(.invalidAction, Self.severity(runsFor: pointer),
                       "an array in action position must be a conditional: [{\"{{#if …}}\": action}, {\"{{#else}}\": action}]; an array is never a sequence",
                       at: pointer)
            }
        case .string:
            break  // renders to an action when it runs
        case .null, .bool, .int, .double:
            // Worded as loading words it, so the two reports of one node are one finding.
            report(.invalidAction, .error, "an action must be an object or a conditional array, found \(json.kindName)",
                   at: pointer)
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
        guard !name.contains("{{"), !actionNames.contains(name) else { return }
        var message = "no action named '\(name)' in head.actions"
        let near = Suggestion.closest(to: name, among: actionNames)
        if let near { message += "; did you mean '\(near)'?" }
        // A single action is a fragment: the names it calls live in the document it is run from.
        report(.unknownLambda, isFragment ? .warning : .error, message, at: pointer, fix: near.map { (name, $0) })
    }

    static func group(of type: String) -> Substring {
        type.firstIndex(of: ".").map { type[..<$0] } ?? Substring(type)
    }

    mutating func typed(_ type: String, options: JSON?, at pointer: JSONPointer, inLambda: Bool) {
        guard !type.contains("{{") else { return }
        let typePointer = pointer.appending("type")
        if type.hasPrefix("$return."), !inLambda {
            report(.returnOutsideLambda, .warning,
                   "\(type) outside any lambda: nothing triggers this chain, so it only ends it", at: typePointer)
        }
        if type == "$lambda", case .string(let name)? = options?["name"] {
            call(name, at: pointer.appending("options").appending("name"))
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
            let templates = (root.value(at: JSONPointer("/$jason/head/templates"))?.objectValue?.keys).map { $0.sorted() } ?? []
            // Templates a remote mixin brings in (`{"@": URL}`) are not known here.
            if !name.contains("{{"), !templates.contains(name), !templates.contains(where: { $0.contains("@") }) {
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
