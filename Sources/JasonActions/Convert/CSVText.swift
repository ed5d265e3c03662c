import CSV
import JasonJSON

/// CSV text as rows of fields, read by yaslab/CSV.swift (RFC 4180: quoted fields may hold delimiters,
/// doubled quotes and line breaks). It gives what the earlier hand-written reader gave on every
/// `$convert.csv` test: spaces around unquoted fields trimmed, an unterminated quote running to the
/// end, a stray quote inside an unquoted field kept. Blank lines are skipped, as before.
enum CSVText {
    struct Format {
        var delimiter: Unicode.Scalar = ","
        /// Strip spaces around unquoted fields: the documents' examples write "a, b, c".
        var trim = true
    }

    /// The phone's csv.js counts the whole text's tabs and commas to choose its delimiter.
    static func hasMoreTabsThanCommas(_ text: String) -> Bool {
        var tabs = 0, commas = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\t") { tabs += 1 } else if byte == UInt8(ascii: ",") { commas += 1 }
        }
        return tabs > commas
    }

    static func rows(_ text: String, _ format: Format = Format()) -> [[String]] {
        guard let reader = try? CSVReader(string: text, hasHeaderRow: false, trimFields: format.trim,
                                          delimiter: format.delimiter) else { return [] }
        var rows: [[String]] = []
        while let row = reader.next() {
            if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
        }
        return rows
    }

    /// Rows as objects keyed by the header row (missing fields are empty strings, extra ones dropped),
    /// or as arrays of strings when `header` is false.
    static func json(_ text: String, format: Format = Format(), header: Bool = true) -> JSON {
        let all = rows(text, format)
        guard header, let keys = all.first else { return .array(all.map { .array($0.map(JSON.string)) }) }
        return .array(all.dropFirst().map { fields in
            var object: JSONObject = [:]
            for (i, key) in keys.enumerated() { object[key] = .string(i < fields.count ? fields[i] : "") }
            return .object(object)
        })
    }
}
