/// Where the nodes of a parsed document are, found when asked: a pointer is followed through the kept
/// source bytes by `NodeFinder`, which skips the siblings on the way. Nothing is stored per node; the
/// parser only notes where each large container ends, so that skipping one is a lookup, not a scan.
package struct SourceMap: Sendable {
    package let file: SourceFile
    let containers: ContainerIndex

    init(file: SourceFile, containers: ContainerIndex) {
        self.file = file
        self.containers = containers
    }

    /// The byte offset where the node a pointer names starts; nil when the document has no such node.
    package func offset(of pointer: JSONPointer) -> Int? {
        let (tokens, wellFormed) = Self.tokens(of: pointer)
        guard wellFormed, let found = deepest(along: tokens), found.depth == tokens.count else { return nil }
        return found.offset
    }

    /// The location of the node a pointer names; for a pointer the document does not have (a node made
    /// at run time), the location of its nearest ancestor that it has.
    package func location(of pointer: JSONPointer) -> SourceLocation? {
        deepest(along: Self.tokens(of: pointer).tokens).map { file.location(ofOffset: $0.offset) }
    }

    /// Where byte `offset` of the decoded text of the string a pointer names is in the source (the `{{` of
    /// one expression among several, say). A `\\u` escape before it shifts offsets unevenly: the string's
    /// opening quote stands for it then. Nil when the document has no string there.
    package func location(ofOffset offset: Int, inStringAt pointer: JSONPointer) -> SourceLocation? {
        guard let quote = self.offset(of: pointer) else { return nil }
        let bytes = file.bytes
        guard quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") else { return nil }
        var raw = quote + 1, decoded = 0
        while decoded < offset, raw < bytes.count, bytes[raw] != UInt8(ascii: "\"") {
            if bytes[raw] == UInt8(ascii: "\\") {
                guard raw + 1 < bytes.count, bytes[raw + 1] != UInt8(ascii: "u") else { return file.location(ofOffset: quote) }
                raw += 2
            } else {
                raw += 1
            }
            decoded += 1
        }
        return file.location(ofOffset: raw)
    }

    /// Where the key of the member a pointer names starts (its opening quote): for findings about a
    /// name rather than its value. Nil when the document has no such member.
    package func location(ofKeyOf pointer: JSONPointer) -> SourceLocation? {
        guard let value = offset(of: pointer), let key = Self.keyStart(beforeValueAt: value, in: file.bytes) else { return nil }
        return file.location(ofOffset: key)
    }

    /// The opening quote of a member's key, found back from its value: past `:` and blanks.
    package static func keyStart(beforeValueAt value: Int, in bytes: [UInt8]) -> Int? {
        var i = value - 1
        while i >= 0, bytes[i] != UInt8(ascii: ":") { i -= 1 }
        i -= 1
        while i >= 0, bytes[i] != UInt8(ascii: "\"") { i -= 1 }
        guard i > 0 else { return nil }
        i -= 1  // the closing quote; now find the opening one, not preceded by a backslash
        while i >= 0, !(bytes[i] == UInt8(ascii: "\"") && (i == 0 || bytes[i - 1] != UInt8(ascii: "\\"))) { i -= 1 }
        return i >= 0 ? i : nil
    }

    /// The members of the object a pointer names, each with its bytes from its name to its value's end:
    /// what an editor compares to tell which members an edit changed. Nil when there is no such object.
    package func members(ofObjectAt pointer: JSONPointer) -> [(name: String, extent: Range<Int>)]? {
        guard let start = offset(of: pointer) else { return nil }
        return file.bytes.withUnsafeBufferPointer { bytes in
            var finder = NodeFinder(cursor: ByteCursor(bytes), containers: containers)
            return finder.members(ofObjectAt: start)
        }
    }

    /// The lines the node a pointer names spans, from its first byte to its last.
    package func lines(of pointer: JSONPointer) -> ClosedRange<Int>? {
        guard let start = offset(of: pointer) else { return nil }
        let end = containers.end(ofContainerAt: start) ?? ValueExtent.end(of: file.bytes, valueAt: start)
        return file.location(ofOffset: start).line...file.location(ofOffset: max(start, end - 1)).line
    }

    /// The tokens up to the first one written other than `JSONPointer` writes it (a bare `~`, no leading
    /// `/`): such a pointer names no node, as no node was ever recorded under it.
    static func tokens(of pointer: JSONPointer) -> (tokens: [String], wellFormed: Bool) {
        let text = pointer.description
        guard !text.isEmpty else { return ([], true) }
        guard text.hasPrefix("/") else { return ([], false) }
        let tokens = pointer.tokens
        let written = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (i, (token, raw)) in zip(tokens, written).enumerated() where JSONPointer.escape(token) != raw {
            return (Array(tokens[..<i]), false)
        }
        return (tokens, true)
    }

    private func deepest(along tokens: [String]) -> (offset: Int, depth: Int)? {
        file.bytes.withUnsafeBufferPointer { bytes in
            var finder = NodeFinder(cursor: ByteCursor(bytes), containers: containers)
            return finder.deepest(along: tokens)
        }
    }
}

/// The start and end (past the closing bracket) of every container of `minimumSpan` bytes or more, in
/// document order, so sorted by start. Smaller containers are cheaper to scan past than to remember.
struct ContainerIndex: Sendable {
    static let minimumSpan = 512

    private(set) var starts: [Int] = []
    private(set) var ends: [Int] = []
    /// Whether some object of the document writes a name twice (the parser keeps the last).
    var repeatsKeys = false
    /// The storage of each container holding a `{` in a string or a `#` in a name (`MarkedContainers`).
    var marked: Set<UInt> = []

    /// A container starts: its slot, filled in when it closes.
    mutating func open(at start: Int) -> Int {
        starts.append(start)
        ends.append(start)
        return starts.count - 1
    }

    /// A small container is forgotten; it is always the last slot, since its descendants are smaller still
    /// and were forgotten before it.
    mutating func close(slot: Int, start: Int, end: Int) {
        if end - start < Self.minimumSpan, slot == starts.count - 1 {
            starts.removeLast()
            ends.removeLast()
        } else {
            ends[slot] = end
        }
    }

    /// The end of the recorded container starting at `start`, if it is one.
    func end(ofContainerAt start: Int) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < start { low = mid + 1 } else { high = mid }
        }
        return low < starts.count && starts[low] == start ? ends[low] : nil
    }
}
