import JasonJSON

/// `{{#name expression}}` (st.js `tokenize`): the text inside the first `{{` and the last `}}` (or the
/// whole text when there are none), split at the first space; a directive when it starts with `#`.
struct Directive {
    var name: String
    var expression: String

    init?(_ text: String) {
        // Most keys hold no `#` at all: say so without the string searches below.
        guard text.utf8.contains(UInt8(ascii: "#")) else { return nil }
        var inner = Substring(text)
        if let open = text.firstPair(UInt8(ascii: "{")), let close = text.lastPair(UInt8(ascii: "}")),
           open.upperBound < close.lowerBound,
           !text[open.upperBound..<close.lowerBound].contains(where: \.isNewline) {
            inner = text[..<open.lowerBound] + text[open.upperBound..<close.lowerBound] + text[close.upperBound...]
        }
        let trimmed = String(inner).trimmingSpaces()
        guard trimmed.hasPrefix("#") else { return nil }
        let words = trimmed.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        name = String(words[0])
        expression = words.count > 1 ? String(words[1]) : ""
    }

    /// `Helper.is_template`: some `{{…}}` with at least one character, on one line.
    static func isTemplate(_ text: String) -> Bool {
        guard let open = text.firstPair(UInt8(ascii: "{")) else { return false }
        let rest = text[open.upperBound...]
        guard let close = rest.lastPair(UInt8(ascii: "}"), before: rest.firstIndex(where: \.isNewline)) else { return false }
        return close.lowerBound > rest.startIndex
    }
}

/// JavaScript enumerates integer-like keys first, ascending, then the rest in insertion order (T5).
enum JSOrder {
    static func members(_ members: JSONObject) -> [(key: String, value: JSON)] {
        let all = members.map { (key: $0.key, value: $0.value) }
        guard members.keys.contains(where: isArrayIndex) else { return all }
        let indexed = all.filter { isArrayIndex($0.key) }.sorted { UInt32($0.key)! < UInt32($1.key)! }
        return indexed + all.filter { !isArrayIndex($0.key) }
    }

    static func isArrayIndex(_ key: String) -> Bool {
        guard let n = UInt32(key), n < UInt32.max else { return false }
        return String(n) == key
    }
}
