import JasonJSON
import JasonRuntime

/// `$convert.string`, `$convert.csv`, `$convert.rss`: text from a request (usually `data_type: raw`)
/// into JSON for templates.
package enum ConvertActions {
    package static let handlers: [String: any ActionHandler] = [
        "string": ClosureHandler(ActionSpec(
            "Parses JSON text into a value (the text is the input, JSON the result); text that is not JSON gives {}, with no error.",
            options: [OptionSpec("data", .any, "the JSON text")],
            returns: "the parsed value ({} parses to undefined); empty data gives undefined; text that is not JSON gives {}",
            terminal: "as on the phone",
            keepsEmptyResult: true)) { invocation, _ in
            // The phone's nil (text that is not JSON) is `{}` in `$jason`; a parsed `{}` is undefined (R17).
            let data = invocation.optionObject["data"]
            guard case .string(let text)? = data else { return data?.isEmptyObject == true ? nil : data }
            guard !text.isEmpty else { return nil }
            guard let parsed = try? JSONParser.parse(text) else { return .emptyObject }
            if parsed.isEmptyObject { return nil }
            return parsed
        },
        "csv": ClosureHandler(ActionSpec(
            "Parses CSV text into rows.",
            options: [OptionSpec("data", .text, "the CSV text"),
                      OptionSpec("delimiter", .string, "the field separator (by default a tab when the text has more tabs than commas, as on the phone, else a comma)"),
                      OptionSpec("header", .boolean, default: true, "the first row names the columns (rows become objects)"),
                      OptionSpec("trim", .boolean, default: true, "strip spaces around unquoted fields")],
            returns: "an array of row objects keyed by the header row (arrays of strings when header is false); empty data, or a header row alone, gives undefined",
            terminal: "as on the phone (csv.js): quoted fields may hold delimiters, quotes and line breaks; header names are trimmed, and a field that is a decimal number written with a comma (\"2,50\") gets a point (\"2.50\")")) { invocation, _ in
            let options = invocation.optionObject
            let text = UtilActions.text(options["data"])
            guard !text.isEmpty else { return nil }
            var format = CSVText.Format()
            if let delimiter = options["delimiter"]?.stringValue, let first = delimiter.unicodeScalars.first {
                format.delimiter = first
            } else if CSVText.hasMoreTabsThanCommas(text) {
                format.delimiter = "\t"
            }
            format.trim = flag(options["trim"], default: true)
            let rows = CSVText.json(text, format: format, header: flag(options["header"], default: true))
            // No rows is the script's [], which the phone's bridge reads as {}: `$jason` is undefined (R17).
            if rows == .array([]) { return nil }
            return rows
        },
        "rss": ClosureHandler(ActionSpec(
            "Parses an RSS or Atom feed.",
            options: [OptionSpec("data", .text, "the feed's XML")],
            returns: "an array of articles {title, description, summary, link, guid, author, pubdate, categories, image, enclosures, meta}; empty data gives undefined",
            errors: "text that is not a feed ({\"message\"} says where the XML breaks)",
            terminal: "as on the phone (the shape of node-feedparser's articles)")) { invocation, _ throws(ActionFailure) in
            let text = UtilActions.text(invocation.optionObject["data"])
            guard !text.isEmpty else { return nil }
            do throws(Feed.ParseError) {
                return try Feed.articles(text)
            } catch {
                throw ActionFailure(message: error.message, type: invocation.type)
            }
        },
    ]

    /// Booleans as the phone apps took them: true/false or their text.
    static func flag(_ value: JSON?, default fallback: Bool) -> Bool {
        switch value {
        case .bool(let b)?: b
        case .string("true")?: true
        case .string("false")?: false
        default: fallback
        }
    }
}
