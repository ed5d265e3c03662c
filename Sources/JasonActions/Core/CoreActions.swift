import JasonJSON
import JasonRuntime

/// The rest of the core catalog (spec §2.12, §4.1): `$parse`, and what only touches the phone's screen.
package enum CoreActions {
    package static let handlers: [String: any ActionHandler] = [
        "parse": ClosureHandler(ActionSpec(
            "Renders data with one of head.templates.",
            options: [OptionSpec("data", .any, required: true, "the data the template sees as its root"),
                      OptionSpec("template", .string, required: true, "the name in head.templates")],
            returns: "the rendered result; with no such template, the data unchanged (as on the phone) and a warning",
            terminal: "as on the phone")) { invocation, context in
            let options = invocation.optionObject
            let name = options["template"]?.stringValue ?? ""
            guard let template = context.view.templates[name] else {
                let known = context.view.templates.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
                context.output.report(Diagnostic(.invalidOptions, .warning,
                                          "$parse: no template named '\(name)' in head.templates"
                                          + (known.isEmpty ? "" : " (it has \(known))") + "; the data passes through unchanged",
                                          at: invocation.path))
                return options["data"] ?? .emptyObject
            }
            return context.view.transform(template, data: options["data"] ?? .null)
        },
        "snapshot": DeviceGroups.snapshot,
        "scroll": screenOnly("Scrolls the view.", [OptionSpec("position", .string, "top or bottom")]),
        "menu": screenOnly("Shows the navigation bar's menu.", [OptionSpec("items", .array, "the menu's items")]),
        "search": screenOnly("Focuses the search field.", []),
        "blur": screenOnly("Hides the keyboard.", []),
        "open": screenOnly("Marks the view's content as not loaded.", []),
        "flush": screenOnly("Empties the HTTP and image caches.", []),
        "kill": screenOnly("Ends the view's background work.", []),
    ]

    static func screenOnly(_ summary: String, _ options: [OptionSpec]) -> any ActionHandler {
        ClosureHandler(ActionSpec(summary, options: options, terminal: "nothing to do in a terminal; succeeds")) { _, _ in nil }
    }
}
