import JasonActions
import JasonJSON
import JasonRuntime

/// The action reference, made from the declarations: `jasonrun help ACTION` and Docs/Actions.md.
package enum ActionReference {
    /// `jasonrun help $util.toast`.
    package static func help(for type: String, in registry: ActionRegistry = StandardLibrary.registry) -> String? {
        guard let spec = registry.spec(for: type) else { return nil }
        var lines = ["\(type): \(spec.summary)", ""]
        if spec.options.isEmpty {
            lines.append(spec.openOptions ? "options: any keys" : "options: none")
        } else {
            lines.append("options:")
            let width = spec.options.map(\.name.count).max() ?? 0
            for option in spec.options {
                lines.append("  " + option.name.padding(width) + "  " + describe(option))
            }
            if spec.openOptions { lines.append("  (other keys are accepted too)") }
        }
        lines += ["", "$jason after success: \(spec.returns)", "error branch: \(spec.errors)"]
        if !spec.terminal.isEmpty { lines.append("in a terminal: \(spec.terminal)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `jasonrun help`: every action by group, with the first sentence of its summary.
    package static func catalog(_ registry: ActionRegistry = StandardLibrary.registry) -> String {
        var groups: [(name: String, entries: [(type: String, summary: String)])] = []
        for (type, spec) in registry.specs {
            let group = type.firstIndex(of: ".").map { String(type[..<$0]) } ?? "core"
            let entry = (type: type, summary: firstSentence(spec.summary))
            if let i = groups.firstIndex(where: { $0.name == group }) {
                groups[i].entries.append(entry)
            } else {
                groups.append((group, [entry]))
            }
        }
        groups.sort { ($0.name == "core" ? "" : $0.name) < ($1.name == "core" ? "" : $1.name) }
        let width = registry.specs.map(\.type.count).max() ?? 0
        var lines = ["Actions, by group (jasonrun help ACTION for one; jasonrun --help for the options of a run):"]
        for group in groups {
            lines += ["", group.name == "core" ? "core actions" : group.name]
            lines += group.entries.map { "  " + $0.type.padding(width) + "  " + $0.summary }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The known action type closest to a misspelt one.
    package static func suggestion(for type: String, in registry: ActionRegistry = StandardLibrary.registry) -> String? {
        Suggestion.closest(to: type, among: registry.specs.map(\.type))
    }

    static func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }

    static func describe(_ option: OptionSpec) -> String {
        var text = kind(option) + (option.required ? ", required" : "")
        if let fallback = option.defaultValue { text += ", default \(fallback)" }
        return text + ". " + option.summary
    }

    static func kind(_ option: OptionSpec) -> String {
        option.kind.rawValue + (option.range.map { " (\($0.phrase))" } ?? "")
    }

    /// Docs/Actions.md.
    package static func markdown(_ registry: ActionRegistry = StandardLibrary.registry) -> String {
        var out = """
            # Actions

            Every action jasonrun knows, made from the declarations beside each handler (a test keeps this file
            in step with them: regenerate it with `JASONRUN_UPDATE_GOLDEN=1 swift test --filter ActionReferenceTests`).
            The interpreter checks rendered options against these declarations: a missing required option or one
            of the wrong type takes the action's error branch with `{"message", "type"}`, or without one stops the
            chain with an `invalid-options` diagnostic pointing at the option. `jasonrun help ACTION` prints one entry.

            Option kinds: `string`; `text` (a string, number or boolean, for text shown to the user); `number` (also
            numeric text; a range such as `number (0–86400)` lists the values accepted, and a number outside it is an
            `invalid-options` error); `boolean` (also "true"/"false"); `object`; `array`; `any`.

            An action type nobody implements takes the error branch with `{"message": "unknown action type …",
            "type": …}`.

            """
        for (type, spec) in registry.specs {
            out += "\n## `\(type)`\n\n\(spec.summary)\n\n"
            if spec.options.isEmpty {
                out += spec.openOptions ? "Options: any keys.\n\n" : "Options: none.\n\n"
            } else {
                out += "| option | kind | required | default | meaning |\n| --- | --- | --- | --- | --- |\n"
                for option in spec.options {
                    let fallback = option.defaultValue.map { "`\($0)`" } ?? ""
                    out += "| `\(option.name)` | \(kind(option)) | \(option.required ? "yes" : "") | \(fallback) | \(option.summary) |\n"
                }
                if spec.openOptions { out += "\nOther keys are accepted too.\n" }
                out += "\n"
            }
            out += "- `$jason` after success: \(spec.returns)\n- Error branch: \(spec.errors)\n"
            if !spec.terminal.isEmpty { out += "- In a terminal: \(spec.terminal)\n" }
        }
        return out
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
