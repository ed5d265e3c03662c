import JasonJSON

extension Pass {
    /// Where the `{{` at UTF-8 offset `offset` of a string (or of the key of the member at `pointer`)
    /// is in the source. Escapes in the raw text shift offsets, so such strings are located at their quote.
    func location(ofSlotAt offset: Int, in pointer: JSONPointer, isKey: Bool) -> SourceLocation? {
        guard let map = locator.sourceMap, let valueStart = map.offset(of: pointer) else {
            return locator.path(pointer).location
        }
        if !isKey { return map.location(ofOffset: offset, inStringAt: pointer) ?? file.location(ofOffset: valueStart) }
        let bytes = file.bytes
        guard let quote = isKey ? Self.keyStart(beforeValueAt: valueStart, in: bytes) : valueStart,
              quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") else {
            return file.location(ofOffset: valueStart)
        }
        var end = quote + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { return file.location(ofOffset: quote) }
            end += 1
        }
        return file.location(ofOffset: min(quote + 1 + offset, end))
    }

    /// The opening quote of a member's key, found back from its value: past `:` and blanks.
    static func keyStart(beforeValueAt value: Int, in bytes: [UInt8]) -> Int? {
        var i = value - 1
        while i >= 0, bytes[i] != UInt8(ascii: ":") { i -= 1 }
        i -= 1
        while i >= 0, bytes[i] != UInt8(ascii: "\"") { i -= 1 }
        guard i > 0 else { return nil }
        i -= 1  // the closing quote; now find the opening one, not preceded by a backslash
        while i >= 0, !(bytes[i] == UInt8(ascii: "\"") && (i == 0 || bytes[i - 1] != UInt8(ascii: "\\"))) { i -= 1 }
        return i >= 0 ? i : nil
    }
}

extension String {
    var trimmedSpaces: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" }
        var text = String(String.UnicodeScalarView(scalars))
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
