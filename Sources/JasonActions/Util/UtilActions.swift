import JasonJSON
import JasonRuntime

/// `$util.*`: banners and toasts are printed; prompts answer from stubs, the terminal or defaults.
package enum UtilActions {
    package static let handlers: [String: any ActionHandler] = [
        "banner": ClosureHandler(ActionSpec(
            "Shows a banner at the top of the screen.",
            options: [OptionSpec("title", .text, default: "Notice", "the banner's title"),
                      OptionSpec("description", .text, "the text under the title"),
                      OptionSpec("type", .string, "info, success or error (the banner's colour)")],
            terminal: "prints \"[banner] TITLE: DESCRIPTION\" on standard output")) { invocation, context in
            let options = invocation.optionObject
            let title = options["title"].flatMap { $0 == .null ? nil : text($0) } ?? "Notice"
            let description = text(options["description"])
            context.output.print("[banner] " + heading(title, description))
            return nil
        },
        "toast": ClosureHandler(ActionSpec(
            "Shows a short message that disappears by itself.",
            options: [OptionSpec("text", .text, "the message (the phone shows \"Updated\" without one)"),
                      OptionSpec("type", .string, "info, success or error")],
            terminal: "prints \"[toast] TEXT\" on standard output")) { invocation, context in
            let message = invocation.optionObject["text"].flatMap { $0 == .null ? nil : $0 }
            context.output.print("[toast] " + (message.map(text) ?? "Updated"))
            return nil
        },
        "alert": PromptActions.alert,
        "picker": PromptActions.picker,
        "datepicker": PromptActions.datepicker,
        "share": StubbedAction(ActionSpec(
            "Opens the share sheet.",
            options: [OptionSpec("items", .array, "[{\"type\": text|image|audio|video, \"text\", \"url\", \"file_url\", \"data\"}]")],
            returns: "undefined, after the sheet closes")),
        "addressbook": StubbedAction(ActionSpec(
            "Reads the contacts.",
            returns: "[{\"name\", \"phone\": [{\"type\", \"text\"}], \"email\": [{\"type\", \"text\"}]}]",
            errors: "permission denied"), cancel: .error),
        "clipboard": ClosureHandler(ActionSpec(
            "Copies items to the clipboard.",
            options: [OptionSpec("items", .array, "[{\"type\": text|image|gif, \"text\" or \"url\"}]")],
            terminal: "prints \"[clipboard] TEXT\" for each item")) { invocation, context in
            for item in invocation.optionObject["items"]?.arrayValue ?? [] {
                context.output.print("[clipboard] " + text(item["text"] ?? item["url"]))
            }
            return nil
        },
    ]

    /// How an option value reads in a terminal line: strings as they are, anything else as JSON.
    static func text(_ value: JSON?) -> String {
        switch value {
        case nil, .null?: ""
        case .string(let s)?: s
        case let other?: other.description
        }
    }

    /// "TITLE: DESCRIPTION", or whichever of the two is not empty. (Not `joined(separator:)`, whose generic
    /// code has the runtime scan every conformance record the first time, a twentieth of a start.)
    static func heading(_ title: String, _ description: String) -> String {
        title.isEmpty || description.isEmpty ? title + description : title + ": " + description
    }
}
