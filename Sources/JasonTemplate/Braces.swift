/// Where `{{` and `}}` are in a text, found byte by byte as JavaScript's `indexOf` finds them.
///
/// The standard library's `firstRange(of:)` and `ranges(of:)` would do, but their generic code makes the
/// Swift runtime ask whether `String.Index` is `Comparable`, which it answers the first time by scanning
/// every conformance record of the executable: a twentieth of running the hello example.
extension StringProtocol {
    /// The first `{{` (or other doubled ASCII byte) before `end` (the end of the text by default).
    package func firstPair(_ byte: UInt8, before end: Index? = nil) -> Range<Index>? {
        var found: Range<Index>?
        eachPair(byte, before: end) { found = $0; return false }
        return found
    }

    /// The last of the pairs found from the start without overlapping (in `}}}` the first two), as
    /// `ranges(of: "}}").last` gives it.
    package func lastPair(_ byte: UInt8, before end: Index? = nil) -> Range<Index>? {
        var found: Range<Index>?
        eachPair(byte, before: end) { found = $0; return true }
        return found
    }

    /// Calls `visit` with each pair from the start, each wholly before `end`, until it says false.
    private func eachPair(_ byte: UInt8, before end: Index?, _ visit: (Range<Index>) -> Bool) {
        let bytes = utf8
        let end = end ?? bytes.endIndex
        var i = bytes.startIndex
        while i < end {
            let next = bytes.index(after: i)
            guard next < end else { return }
            if bytes[i] == byte, bytes[next] == byte {
                let after = bytes.index(after: next)
                guard visit(i..<after) else { return }
                i = after
            } else {
                i = next
            }
        }
    }
}

extension String {
    /// Whether the last `{{` (of the pairs found from the start) has no `}}` after it on its line, so that
    /// st.js leaves the text as written. Byte by byte: the lint asks it of every string with a `{`.
    package var leavesTemplateOpen: Bool {
        var text = self
        return text.withUTF8 { bytes in
            var open = -1, i = 0
            while i + 1 < bytes.count {
                if bytes[i] == UInt8(ascii: "{"), bytes[i + 1] == UInt8(ascii: "{") { open = i; i += 2 } else { i += 1 }
            }
            guard open >= 0 else { return false }
            var j = open + 2
            while j < bytes.count, !Self.newline(at: j, in: bytes) {
                if j + 1 < bytes.count, bytes[j] == UInt8(ascii: "}"), bytes[j + 1] == UInt8(ascii: "}") { return false }
                j += 1
            }
            return true
        }
    }

    /// Where `Character.isNewline` would say so: U+000A to U+000D, U+0085, U+2028 and U+2029.
    private static func newline(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes[i] {
        case 0x0A...0x0D: true
        case 0xC2: i + 1 < bytes.count && bytes[i + 1] == 0x85
        case 0xE2: i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
        default: false
        }
    }
}
