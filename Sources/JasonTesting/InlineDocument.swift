import JasonJSON

/// A document written inside a test file (`"document": {…}`) is loaded from the test file's own bytes,
/// with everything around it blanked out (newlines kept): its actions then have the test file's
/// line:column, and their pointers start at the document's root, as for a flow in its own file.
enum InlineDocument {
    static func source(in map: SourceMap, at pointer: JSONPointer) -> SourceFile? {
        let bytes = map.file.bytes
        guard let start = map.offset(of: pointer), start < bytes.count else { return nil }
        let end = ValueExtent.end(of: bytes, valueAt: start)
        var blanked = bytes
        for i in blanked.indices where (i < start || i >= end) && blanked[i] != UInt8(ascii: "\n") {
            blanked[i] = UInt8(ascii: " ")
        }
        return SourceFile(name: map.file.name, bytes: blanked)
    }
}
