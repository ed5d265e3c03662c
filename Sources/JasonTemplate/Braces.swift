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
