import JasonJSON
import JasonRuntime

/// `$util.*`: the phone's banners and toasts, printed to the terminal.
public enum UtilActions {
    public static let handlers: [String: any ActionHandler] = [
        "banner": ClosureHandler { invocation, context in
            let options = invocation.optionObject
            let title = text(options["title"])
            let description = text(options["description"])
            let line = [title, description].filter { !$0.isEmpty }.joined(separator: ": ")
            context.console.print("[banner] " + line)
            return nil
        },
        "toast": ClosureHandler { invocation, context in
            context.console.print("[toast] " + text(invocation.optionObject["text"]))
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
}
