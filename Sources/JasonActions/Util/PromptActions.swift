import Foundation
import JasonJSON
import JasonRuntime

/// The `$util` actions that ask the user something. Each answers from the stub file first, then from
/// the user when standard input is a terminal, else with the defaults the document gives (DESIGN §3).
enum PromptActions {
    static let alert = ClosureHandler(ActionSpec(
        "Shows an alert, optionally with a form of text fields.",
        options: [OptionSpec("title", .text, "the alert's title"),
                  OptionSpec("description", .text, "the text under the title"),
                  OptionSpec("form", .array, "fields: [{\"name\", \"type\": text|secure|hidden, \"value\", \"placeholder\"}]")],
        returns: "the form's values {name: text} when there is a form; else undefined",
        errors: "the user pressed Cancel ({\"message\": \"cancelled\"})",
        terminal: "prints \"[alert] TITLE: DESCRIPTION\", then answers from the stub file, the terminal, or the fields' values"
    )) { invocation, context throws(ActionFailure) in
        let options = invocation.optionObject
        let heading = UtilActions.heading(UtilActions.text(options["title"]), UtilActions.text(options["description"]))
        context.output.print("[alert] " + heading)
        let fields = options["form"]?.arrayValue?.compactMap(\.objectValue) ?? []
        if let answer = context.answers.next(for: invocation.type) {
            return try StubbedAction.apply(answer, type: invocation.type, cancel: .error)
        }
        var values: JSONObject = [:]
        for field in fields {
            guard case .string(let name)? = field["name"] else { continue }
            let value = UtilActions.text(field["value"])
            guard let typist = context.output.input, field["type"] != "hidden" else {
                values[name] = .string(value)
                continue
            }
            let hint = UtilActions.text(field["placeholder"])
            // A secure field neither shows its default nor echoes what is typed.
            let secure = field["type"] == "secure"
            let shown = value.isEmpty ? "" : secure ? " [" + String(repeating: "•", count: value.count) + "]" : " [\(value)]"
            let prompt = "  " + name + (hint.isEmpty ? "" : " (\(hint))") + shown + ": "
            let answer = secure ? await typist.readSecret(prompt: prompt) : await typist.readLine(prompt: prompt)
            guard let line = answer else {
                throw ActionFailure(message: "cancelled", type: invocation.type)
            }
            values[name] = .string(line.isEmpty ? value : line)
        }
        if fields.isEmpty, let typist = context.output.input {
            let line = await typist.readLine(prompt: "  OK? (Enter for OK, c to cancel) ")
            if line == nil || line == "c" || line == "cancel" {
                throw ActionFailure(message: "cancelled", type: invocation.type)
            }
        }
        return fields.isEmpty ? nil : .object(values)
    }

    /// The chosen item's action (or href) runs as the next chain; the picker itself never completes.
    static let picker = ClosureHandler(ActionSpec(
        "Shows a menu of items; choosing one runs its action or follows its href.",
        options: [OptionSpec("title", .text, "the menu's title"),
                  OptionSpec("items", .array, required: true, "[{\"text\", \"action\" or \"href\"}]")],
        returns: "nothing: the picker never completes; the chosen item's action runs as a new chain",
        errors: "never",
        terminal: "prints the numbered items; the choice (its number or text) comes from the stub file or the terminal; with neither, nothing is chosen"
    )) { invocation, context throws(ActionFailure) in
        let options = invocation.optionObject
        let items = options["items"]?.arrayValue ?? []
        context.output.print("[picker] " + UtilActions.text(options["title"]))
        for (i, item) in items.enumerated() { context.output.print("  \(i + 1). " + UtilActions.text(item["text"])) }
        var index: Int?
        if let answer = context.answers.next(for: invocation.type) {
            let choice = try StubbedAction.apply(answer, type: invocation.type, cancel: .endOfChain)
            index = choice.flatMap { chosenIndex($0, items) }
            if index == nil, let choice {
                context.output.printError("  the stubbed choice \(JSONPrinter.compact(choice)) is none of the items")
            }
        } else if let typist = context.output.input {
            // Asked again until the answer names an item; an empty line or the end of input chooses nothing.
            while index == nil, let line = await typist.readLine(prompt: "  choose 1-\(items.count): "), !line.isEmpty {
                index = chosenIndex(.string(line), items)
                if index == nil { context.output.printError("  not one of the items: \(line)") }
            }
        }
        guard let index else { throw ActionFailure.endOfChain }
        let base = invocation.path.pointer.appending("options").appending("items").appending(index)
        if let action = items[index]["action"] {
            context.queue.post(.written(action, at: ActionPath(pointer: base.appending("action"), file: invocation.path.file),
                                  in: context.view.document))
        } else if let href = items[index]["href"] {
            let follow: JSON = ["type": "$href", "options": href]
            context.queue.post(.written(follow, at: ActionPath(pointer: base.appending("href"), file: invocation.path.file),
                                  in: context.view.document))
        }
        throw ActionFailure.endOfChain
    }

    /// An item by its number as shown (from 1) or by its text.
    static func chosenIndex(_ choice: JSON, _ items: [JSON]) -> Int? {
        let text = UtilActions.text(choice).trimmingCharacters(in: .whitespaces)
        if let number = Int(text), number > 0, items.indices.contains(number - 1) { return number - 1 }
        return items.firstIndex { UtilActions.text($0["text"]) == text }
    }

    static let datepicker = ClosureHandler(ActionSpec(
        "Asks for a date.",
        options: [OptionSpec("title", .text, "the picker's title"), OptionSpec("description", .text, "the text under it")],
        returns: "{\"value\": \"<unix seconds as text>\"}",
        errors: "never; a cancel ends the chain",
        terminal: "answers from the stub file, else reads YYYY-MM-DD[THH:MM] or unix seconds at the terminal, else today"
    )) { invocation, context throws(ActionFailure) in
        let options = invocation.optionObject
        let heading = UtilActions.heading(UtilActions.text(options["title"]), UtilActions.text(options["description"]))
        context.output.print("[datepicker] " + heading)
        if let answer = context.answers.next(for: invocation.type) {
            return try StubbedAction.apply(answer, type: invocation.type, cancel: .endOfChain)
        }
        var seconds = (context.timers.startDate + context.timers.now).rounded(.down)
        if let typist = context.output.input {
            while true {
                guard let line = await typist.readLine(prompt: "  date (YYYY-MM-DD[THH:MM] or unix seconds, Enter for today): ")
                else { throw ActionFailure.endOfChain }
                if line.isEmpty { break }
                if let parsed = parseDate(line) { seconds = parsed; break }
                context.output.printError("  not a date: \(line)")
            }
        }
        return ["value": .string(JSNumber.format(seconds))]
    }

    static func parseDate(_ text: String) -> Double? {
        // Unix seconds within ±100,000 years: anything else would not fit the integer the answer is printed as.
        if let seconds = Double(text) { return NumberRange(-3e15...3e15).contains(seconds) ? seconds : nil }
        for format in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        }
        return nil
    }
}
