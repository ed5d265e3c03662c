import JasonJSON
import JasonRuntime

/// `$log.info`, `$log.debug`, `$log.error`: a line on standard error; success with no value (as on iOS).
package enum LogActions {
    package static let handlers: [String: any ActionHandler] = [
        "info": logger("info"),
        "debug": logger("debug"),
        "error": logger("error"),
    ]

    static func logger(_ level: String) -> any ActionHandler {
        ClosureHandler(ActionSpec(
            "Writes a line to the \(level) log.",
            options: [OptionSpec("text", .text, "the line")],
            terminal: "prints \"[\(level)] TEXT\" on standard error")) { invocation, context in
            context.output.printError("[\(level)] " + UtilActions.text(invocation.optionObject["text"]))
            return nil
        }
    }
}
