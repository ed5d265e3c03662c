/// A line and column, both counted from 1; columns count characters (Unicode scalars), not bytes.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// The text of one document, kept so that byte offsets can be turned into line:column and quoted back.
public struct SourceFile: Sendable {
    public let name: String
    public let bytes: [UInt8]
    private let lineStarts: [Int]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        lineStarts = bytes.withUnsafeBufferPointer(Self.lineStarts)
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    package func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        let column = bytes.withUnsafeBufferPointer { Self.characters(in: $0, from: start, to: clamped) } + 1
        return SourceLocation(line: low + 1, column: column)
    }

    /// The byte offset of a location (its column counted in scalars, as `location(ofOffset:)` counts).
    package func offset(of location: SourceLocation) -> Int {
        let line = location.line - 1
        guard line >= 0, line < lineStarts.count else { return bytes.count }
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        var i = lineStarts[line], column = 1
        while i < end, column < location.column {
            i += 1
            while i < end, bytes[i] & 0xC0 == 0x80 { i += 1 }
            column += 1
        }
        return i
    }

    /// How many lines the text has.
    public var lineCount: Int { lineStarts.count }

    /// The text of one line (1-based), without its line break.
    package func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// Offsets where lines start. Eight bytes at a time: most words of a document hold no line break.
    static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        guard let base = bytes.baseAddress else { return starts }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while bytes.count - i >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 {
                for j in i..<i + 8 where bytes[j] == UInt8(ascii: "\n") { starts.append(j + 1) }
            }
            i += 8
        }
        for j in i..<bytes.count where bytes[j] == UInt8(ascii: "\n") { starts.append(j + 1) }
        return starts
    }

    /// Characters between two offsets: every byte except UTF-8 continuation bytes (0b10xxxxxx) starts one.
    /// Counted eight bytes at a time, since a one-line document of megabytes is common.
    static func characters(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard start < end, let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var continuations = 0
        var i = start
        while end - i >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // A continuation byte has its top bit set and the next one clear.
            continuations &+= (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            i += 8
        }
        while i < end {
            if bytes[i] & 0xC0 == 0x80 { continuations += 1 }
            i += 1
        }
        return end - start - continuations
    }

    /// The location of an offset without a line index: for a parse error, asked once.
    static func location(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var line = 1, lineStart = 0
        for i in 0..<clamped where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return SourceLocation(line: line, column: characters(in: bytes, from: lineStart, to: clamped) + 1)
    }
}
