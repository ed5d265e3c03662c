// What a run and `check` say of the same mistake, worded in one place so that the two agree.

/// How a run and `check` word an agent id that `head.agents` does not declare.
package enum AgentNames {
    package static func undeclared(_ id: String, _ declared: [String]) -> String {
        "no agent '\(id)': head.agents declares " + (declared.isEmpty ? "none" : declared.map { "'\($0)'" }.joined(separator: ", "))
    }
}

/// How a run and `check` word a `$render` of a template `head.templates` does not have.
package enum RenderNames {
    package static func missing(_ name: String, _ templates: [String]) -> (message: String, near: String?) {
        var message = "$render has nothing to draw: head.templates has no '\(name)'"
            + (templates.isEmpty ? " (it has no templates)" : " (it has " + templates.map { "'\($0)'" }.joined(separator: ", ") + ")")
        let near = Suggestion.closest(to: name, among: templates)
        if let near { message += "; did you mean '\(near)'?" }
        return (message, near)
    }
}
