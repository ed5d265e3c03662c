import CSV
import Foundation
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
    /// As on the phone (csv.js), a header name is trimmed even when quoted, and a field that is a decimal
    /// number written with a comma (`"2,50"`) gets a point instead (`2.50`).
    static func json(_ text: String, format: Format = Format(), header: Bool = true) -> JSON {
        let all = rows(text, format)
        guard header, let names = all.first else {
            return .array(all.map { .array($0.map { .string(decimalPoint($0)) }) })
        }
        let keys = names.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return .array(all.dropFirst().map { fields in
            var object: JSONObject = [:]
            for (i, key) in keys.enumerated() { object[key] = .string(i < fields.count ? decimalPoint(fields[i]) : "") }
            return .object(object)
        })
    }

    /// `field` with its decimal comma made a point when it is a number such as `2,50`, `-3,1` or `,5`
    /// (csv.js replaces the first comma of a field that is all digits, one separator, and a sign).
    static func decimalPoint(_ field: String) -> String {
        guard field.contains(",") else { return field }
        let bytes = Array(field.utf8)
        var i = 0, end = bytes.count
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        var digitsBefore = 0, digitsAfter = 0, separators = 0
        for b in bytes[i..<end] {
            if isDigit(b) { if separators == 0 { digitsBefore += 1 } else { digitsAfter += 1 } }
            else if b == UInt8(ascii: ",") || b == UInt8(ascii: ".") { separators += 1 }
            else { return field }
        }
        guard separators == 1, digitsAfter > 0 else { return field }
        guard let comma = field.firstIndex(of: ",") else { return field }
        var changed = field
        changed.replaceSubrange(comma...comma, with: ".")
        return changed
    }
}
