import JasonJSON

/// Positions in a text as the protocol counts them (line, UTF-16 code unit, both from 0) and as the
/// analysis does (byte offsets; line:column in Unicode scalars from 1).
struct LineIndex {
    let bytes: [UInt8]
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(i + 1) }
        self.starts = starts
    }

    struct Position: Hashable {
        var line: Int
        var character: Int
    }

    /// The byte offset of a protocol position; past the end of a line is its end, past the last line the
    /// end of the text (clients may send either while typing).
    func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < starts.count else { return bytes.count }
        var i = starts[position.line]
        let end = lineEnd(position.line)
        var units = 0
        while i < end, units < position.character {
            let length = Self.scalarLength(bytes[i])
            units += length == 4 ? 2 : 1
            i += length
        }
        return min(i, end)
    }

    /// The protocol position of a byte offset.
    func position(ofOffset offset: Int) -> Position {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var i = starts[low], units = 0
        while i < clamped {
            let length = Self.scalarLength(bytes[i])
            units += length == 4 ? 2 : 1
            i += length
        }
        return Position(line: low, character: units)
    }

    /// The byte offset of an analysis location (line and column from 1, the column in scalars).
    func offset(of location: SourceLocation) -> Int {
        let line = location.line - 1
        guard line >= 0, line < starts.count else { return bytes.count }
        var i = starts[line]
        let end = lineEnd(line)
        var column = 1
        while i < end, column < location.column {
            i += Self.scalarLength(bytes[i])
            column += 1
        }
        return min(i, end)
    }

    /// Where a line's text ends (before its `\n`, or `\r\n`).
    func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < starts.count ? starts[line + 1] - 1 : bytes.count
        if end > starts[line], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// How many bytes the UTF-8 sequence starting with `lead` has (a stray continuation byte counts one).
    static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Where the JSON value starting at `offset` ends (`ValueExtent`: tolerant of a text that breaks off).
    func valueEnd(from offset: Int) -> Int { ValueExtent.end(of: bytes, valueAt: offset) }

    /// Just past the closing quote of the string opening at `offset` (or its line's end, when unclosed).
    func stringEnd(from offset: Int) -> Int { ValueExtent.stringEnd(of: bytes, at: offset) }
}
