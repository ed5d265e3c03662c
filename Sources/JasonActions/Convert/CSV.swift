import Foundation
import JasonJSON

/// CSV text as rows of fields (RFC 4180: quoted fields may hold delimiters, doubled quotes and line
/// breaks). Written here because no CSV package is among the ones this project may use.
enum CSV {
    struct Format {
        var delimiter: Character = ","
        var quote: Character = "\""
        /// Strip spaces around unquoted fields: the documents' examples write "a, b, c".
        var trim = true
    }

    static func rows(_ text: String, _ format: Format = Format()) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var wasQuoted = false
        var iterator = text.makeIterator()
        var pending: Character? = nil

        func endField() {
            row.append(wasQuoted || !format.trim ? field : field.trimmingCharacters(in: .whitespaces))
            field = ""
            wasQuoted = false
        }
        func endRow() {
            endField()
            if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
            row = []
        }

        while let c = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if c == format.quote {
                    let next = iterator.next()
                    if next == format.quote { field.append(c) } else { quoted = false; pending = next }
                } else {
                    field.append(c)
                }
            } else if c == format.quote && field.trimmingCharacters(in: .whitespaces).isEmpty {
                field = ""
                quoted = true
                wasQuoted = true
            } else if c == format.delimiter {
                endField()
            } else if c == "\n" || c == "\r\n" || c == "\r" {
                endRow()
            } else {
                field.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty || wasQuoted { endRow() }
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
