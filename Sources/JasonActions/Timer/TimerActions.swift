import JasonJSON
import JasonRuntime

/// `$timer.start` / `$timer.stop` on the interpreter's clock (R38, with DESIGN §2.6: `repeats` means
/// repeat only when it is true or "true").
package enum TimerActions {
    package static let handlers: [String: any ActionHandler] = [
        "start": ClosureHandler(ActionSpec(
            "Runs an action after interval seconds, once or repeatedly, while the view that started it is on screen.",
            options: [OptionSpec("interval", .number, required: true, range: NumberRange(0...1_000_000_000), "seconds until the action runs (and between runs)"),
                      OptionSpec("action", .any, required: true, "the action to run; rendered now, when the timer starts"),
                      OptionSpec("name", .text, "a timer of the same name is replaced; $timer.stop takes it"),
                      OptionSpec("repeats", .any, "true or \"true\" to run every interval (the phone apps repeat whenever the key is present)")],
            returns: "undefined (no value), at once", errors: "never",
            terminal: "runs on the interpreter's clock: virtual and instant in batch runs (stopping at --time-limit), the wall clock with --real-time; "
                + "as on the phone, a view's timers stop for good when another view covers it or it goes away ($reload keeps them)")) {
            invocation, context in
            let options = invocation.optionObject
            // As NSTimer did: an interval of 0 (or less than 0.1 ms) runs every 0.1 ms, never in the same instant.
            let interval = max(options["interval"].map(number) ?? 0, 0.0001)
            let repeats = options["repeats"] == .bool(true) || options["repeats"] == "true"
            let origin = ActionPath(pointer: invocation.path.pointer.appending("options").appending("action"),
                                    file: invocation.path.file, location: invocation.path.location)
            context.timers.start(name: options["name"].map(text), after: interval, repeats: repeats,
                               action: options["action"] ?? .null, writtenAt: origin)
            return nil
        },
        "stop": ClosureHandler(ActionSpec(
            "Stops the timer called name, or every timer.",
            options: [OptionSpec("name", .text, "the timer; without it, all of them")],
            returns: "undefined (no value)", errors: "never")) { invocation, context in
            context.timers.stop(invocation.optionObject["name"].map(text))
            return nil
        },
    ]

    static func number(_ value: JSON) -> Double {
        switch value {
        case .int(let i): Double(i)
        case .double(let d): d
        case .string(let s): Double(s) ?? 0
        default: 0
        }
    }

    static func text(_ value: JSON) -> String { value.stringValue ?? value.description }
}
