import JasonJSON

extension Pass {
    /// Where the `{{` at UTF-8 offset `offset` of a string (or of the key of the member at `pointer`)
    /// is in the source. Escapes in the raw text shift offsets, so such strings are located at their quote.
    /// A string mixed in from another file is located in that file.
    func location(ofSlotAt offset: Int, in pointer: JSONPointer, isKey: Bool) -> SourceLocation? {
        let part = locator.part(holding: pointer)
        let written = part?.sourcePointer(pointer) ?? pointer
        guard let map = part.map(\.sourceMap) ?? locator.sourceMap, let valueStart = map.offset(of: written) else {
            return locator.path(pointer).location
        }
        let file = map.file
        if !isKey { return map.location(ofOffset: offset, inStringAt: written) ?? file.location(ofOffset: valueStart) }
        let bytes = file.bytes
        guard let quote = SourceMap.keyStart(beforeValueAt: valueStart, in: bytes),
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
}

extension String {
    /// Without the spaces and tabs around it (bytes, not characters: it runs on every `{{ }}` of a check).
    var trimmedSpaces: String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        if first == utf8.startIndex, last == utf8.index(before: utf8.endIndex) { return self }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}
