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
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        lineStarts = starts
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    public func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        // Continuation bytes (0b10xxxxxx) do not start a character.
        let column = bytes[start..<clamped].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceLocation(line: low + 1, column: column)
    }

    /// How many lines the text has.
    public var lineCount: Int { lineStarts.count }

    /// The text of one line (1-based), without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}

/// Where each node of a parsed document starts: JSON pointer → byte offset of its value.
public struct SourceMap: Sendable {
    public let file: SourceFile
    private var offsets: [JSONPointer: Int]

    public init(file: SourceFile, offsets: [JSONPointer: Int] = [:]) {
        self.file = file
        self.offsets = offsets
    }

    public func offset(of pointer: JSONPointer) -> Int? { offsets[pointer] }

    /// The location of the node a pointer names; for a pointer the map does not know (a node made at
    /// run time), the location of its nearest known ancestor.
    public func location(of pointer: JSONPointer) -> SourceLocation? {
        var tokens = pointer.tokens
        while true {
            let candidate = tokens.reduce(JSONPointer.root) { $0.appending($1) }
            if let offset = offsets[candidate] { return file.location(ofOffset: offset) }
            if tokens.isEmpty { return nil }
            tokens.removeLast()
        }
    }

    mutating func record(_ pointer: JSONPointer, offset: Int) { offsets[pointer] = offset }
}
