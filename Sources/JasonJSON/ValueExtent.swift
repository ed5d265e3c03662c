/// Where a JSON value written in source bytes ends, found by scanning (no parse): for editors, whose
/// text may break off anywhere, and for tools that cut one value out of a file.
package enum ValueExtent {
    /// Where the value starting at `offset` ends: a string with its quotes, a container with its
    /// brackets (the end of the bytes when the text breaks off), a number or word up to its delimiter.
    package static func end(of bytes: [UInt8], valueAt offset: Int) -> Int {
        guard offset < bytes.count else { return bytes.count }
        var i = offset
        switch bytes[i] {
        case UInt8(ascii: "\""):
            return stringEnd(of: bytes, at: i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""): i = stringEnd(of: bytes, at: i); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return bytes.count
        default:
            while i < bytes.count, !",}] \t\r\n".utf8.contains(bytes[i]) { i += 1 }
            return max(i, offset + 1)
        }
    }

    /// Just past the closing quote of the string opening at `offset` (or its line's end, when unclosed).
    package static func stringEnd(of bytes: [UInt8], at offset: Int) -> Int {
        var i = offset + 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\n") {
            if bytes[i] == UInt8(ascii: "\\") { i += 1 }
            i += 1
        }
        return min(i + 1, bytes.count)
    }
}
