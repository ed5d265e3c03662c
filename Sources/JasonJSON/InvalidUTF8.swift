/// A string of a parsed document that holds bytes which are not UTF-8. The parser reads each bad sequence
/// as U+FFFD, as `String(decoding:as:)` does, without a word; this pass finds where, so that a warning
/// can say so. It runs on text that has already parsed, so it only has to follow its structure.
package struct InvalidUTF8: Sendable, Hashable {
    /// The offset of the first bad byte in the string.
    package var offset: Int
    /// The string's value, or for a member name, the member it names.
    package var pointer: JSONPointer
    package var inMemberName: Bool
    /// How many bad sequences the string has: each became one U+FFFD.
    package var replacements: Int

    /// The strings with bad bytes, in document order, at most `limit` of them.
    package static func find(in bytes: [UInt8], limit: Int = 20) -> [InvalidUTF8] {
        bytes.withUnsafeBufferPointer { buffer in
            let bad = badSequences(in: buffer)
            guard !bad.isEmpty else { return [] }
            var walk = StructureWalk(bytes: buffer, bad: bad, limit: limit)
            walk.run()
            return walk.found
        }
    }

    /// Offsets where a bad sequence starts, counted the way the standard library's decoder replaces them.
    /// Eight ASCII bytes at a time, since nearly every document is valid.
    static func badSequences(in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let base = bytes.baseAddress else { return [] }
        let raw = UnsafeRawPointer(base)
        var found: [Int] = []
        var i = 0
        while i < bytes.count {
            if bytes.count - i >= 8, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            if bytes[i] < 0x80 {
                i += 1
                continue
            }
            var parser = Unicode.UTF8.ForwardParser()
            var rest = UnsafeBufferPointer(rebasing: bytes[i...]).makeIterator()
            switch parser.parseScalar(from: &rest) {
            case .valid(let scalar): i += scalar.count
            case .error(let length):
                found.append(i)
                i += max(1, length)
            case .emptyInput: return found
            }
        }
        return found
    }
}

/// Follows the containers of accepted JSON text to name the strings that hold bad bytes.
private struct StructureWalk {
    struct Level {
        var isObject: Bool
        var expectingKey = true
        /// The quoted bytes of the current member name.
        var key: Range<Int>?
        var index = 0
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let bad: [Int]
    let limit: Int
    var next = 0
    var levels: [Level] = []
    var found: [InvalidUTF8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, bad: [Int], limit: Int) {
        self.bytes = bytes
        self.bad = bad
        self.limit = limit
    }

    mutating func run() {
        var i = 0
        while i < bytes.count, next < bad.count, found.count < limit {
            switch bytes[i] {
            case UInt8(ascii: "{"): levels.append(Level(isObject: true))
            case UInt8(ascii: "["): levels.append(Level(isObject: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = levels.popLast()
            case UInt8(ascii: ":") where !levels.isEmpty: levels[levels.count - 1].expectingKey = false
            case UInt8(ascii: ",") where !levels.isEmpty:
                if levels[levels.count - 1].isObject {
                    levels[levels.count - 1].expectingKey = true
                } else {
                    levels[levels.count - 1].index += 1
                }
            case UInt8(ascii: "\""):
                let start = i
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                let isKey = levels.last.map { $0.isObject && $0.expectingKey } ?? false
                if isKey { levels[levels.count - 1].key = start..<min(i + 1, bytes.count) }
                note(start..<i, isKey: isKey)
            default: break
            }
            i += 1
        }
    }

    private mutating func note(_ string: Range<Int>, isKey: Bool) {
        var count = 0
        var first: Int?
        while next < bad.count, bad[next] < string.upperBound {
            if bad[next] >= string.lowerBound {
                count += 1
                first = first ?? bad[next]
            }
            next += 1
        }
        guard let first else { return }
        found.append(InvalidUTF8(offset: first, pointer: pointer(), inMemberName: isKey, replacements: count))
    }

    private func pointer() -> JSONPointer {
        var pointer = JSONPointer.root
        for level in levels {
            if level.isObject {
                pointer = pointer.appending(level.key.map(name) ?? "")
            } else {
                pointer = pointer.appending(level.index)
            }
        }
        return pointer
    }

    /// A member name as the parser read it, from its quoted bytes.
    private func name(_ quoted: Range<Int>) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[quoted]), as: UTF8.self)
        return (try? JSONParser.parse(text))?.stringValue ?? String(text.dropFirst().dropLast())
    }
}
