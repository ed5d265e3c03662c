import JasonJSON

/// A document written inside a test file (`"document": {…}`) is loaded from the test file's own bytes,
/// with everything around it blanked out (newlines kept): its actions then have the test file's
/// line:column, and their pointers start at the document's root, as for a flow in its own file.
enum InlineDocument {
    static func source(in map: SourceMap, at pointer: JSONPointer) -> SourceFile? {
        let bytes = map.file.bytes
        guard let start = map.offset(of: pointer), start < bytes.count,
              let end = endOfValue(bytes, from: start) else { return nil }
        var blanked = bytes
        for i in blanked.indices where (i < start || i >= end) && blanked[i] != UInt8(ascii: "\n") {
            blanked[i] = UInt8(ascii: " ")
        }
        return SourceFile(name: map.file.name, bytes: blanked)
    }

    /// The offset just past the object or array that opens at `start`.
    static func endOfValue(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var i = start
        while i < bytes.count {
            let byte = bytes[i]
            if inString {
                if byte == UInt8(ascii: "\\") { i += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
            }
            i += 1
        }
        return nil
    }
}
