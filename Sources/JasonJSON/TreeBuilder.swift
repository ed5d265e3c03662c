/// Builds a `JSON` value from source bytes without recursion: open containers are frames on an explicit
/// stack, so nesting is bounded by `maximumDepth` (a policy) and never by the thread's stack.
/// Members of open containers wait on shared stacks and are moved into an array or object of exactly the
/// right size when the container closes.
struct TreeBuilder {
    var cursor: ByteCursor
    let maximumDepth: Int
    /// Recorded for `SourceMap` when parsing a document; nil for plain parses.
    var containers: ContainerIndex?

    private struct Frame {
        var isObject: Bool
        var firstValue: Int
        var firstKey: Int
        var start: Int
        var indexSlot: Int
        /// Whether a `{` in a string or a `#` in a name was met in it yet (`MarkedContainers`).
        var marked = false
        /// How many of an object's names were taken from its sibling's (`nameAsInShape`).
        var namesShared = 0
    }

    private var frames: [Frame] = []
    private let values = PendingStack<JSON>()
    private let keys = PendingStack<String>()
    private var scratch: [UInt8] = []
    /// By depth, the member names of the last small object closed there: the next object at that depth
    /// (its sibling in an array of records, usually) that has the same names shares their storage.
    private var shapes: [ContiguousArray<String>] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, recordingContainers: Bool) {
        cursor = ByteCursor(bytes)
        self.maximumDepth = maximumDepth
        containers = recordingContainers ? ContainerIndex() : nil
    }

    /// The whole input: one value, with only whitespace (and a leading byte-order mark) around it.
    mutating func parseWhole() throws(SyntaxFault) -> JSON {
        cursor.skipWhitespace()
        cursor.skipByteOrderMark()
        let value = try parseValue()
        cursor.skipWhitespace()
        if cursor.position < cursor.bytes.count {
            throw cursor.fault("expected end of input after the top-level value")
        }
        return value
    }

    private mutating func parseValue() throws(SyntaxFault) -> JSON {
        nextValue: while true {
            cursor.skipWhitespace()
            guard let b = cursor.peek else { throw cursor.fault("expected a JSON value") }
            var value: JSON
            var marked = false
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard let empty = try open(isObject: b == UInt8(ascii: "{")) else { continue nextValue }
                value = empty
            case UInt8(ascii: "\""):
                cursor.watched = UInt8(ascii: "{")
                value = .string(try cursor.readString(scratch: &scratch))
                marked = cursor.sawWatched
            case UInt8(ascii: "t"): try cursor.expectWord("true"); value = .bool(true)
            case UInt8(ascii: "f"): try cursor.expectWord("false"); value = .bool(false)
            case UInt8(ascii: "n"): try cursor.expectWord("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try cursor.readNumber()
            default: throw cursor.fault("expected a JSON value")
            }
            // A value is complete: it joins the innermost open container, which may close in turn.
            while let frame = frames.last {
                values.push(value)
                if marked, !frame.marked { frames[frames.count - 1].marked = true }
                let closesMarked = marked || frame.marked
                cursor.skipWhitespace()
                let next = cursor.peek
                if frame.isObject {
                    switch next {
                    case UInt8(ascii: ","):
                        cursor.position += 1
                        try readMemberName(first: false)
                        continue nextValue
                    case UInt8(ascii: "}"):
                        cursor.position += 1
                        value = closeObject()
                        marked = closesMarked
                    default:
                        throw cursor.fault("expected ',' or '}' after the value of \"\(keys.last)\"")
                    }
                } else {
                    switch next {
                    case UInt8(ascii: ","):
                        cursor.position += 1
                        cursor.skipWhitespace()
                        if cursor.peek == UInt8(ascii: "]") {
                            throw cursor.fault("expected a value (a trailing comma is not allowed)")
                        }
                        continue nextValue
                    case UInt8(ascii: "]"):
                        cursor.position += 1
                        value = closeArray()
                        marked = closesMarked
                    default:
                        throw cursor.fault("expected ',' or ']' after an array element")
                    }
                }
            }
            return value
        }
    }

    /// At `{` or `[`: an empty container is returned whole; otherwise a frame is opened (and an object's
    /// first member name read) and nil returned, so that the caller goes on to the first value.
    private mutating func open(isObject: Bool) throws(SyntaxFault) -> JSON? {
        if frames.count >= maximumDepth { throw cursor.fault("nesting deeper than \(maximumDepth) levels") }
        let start = cursor.position
        cursor.position += 1
        cursor.skipWhitespace()
        if cursor.peek == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            cursor.position += 1
            return isObject ? .object([:]) : .array([])
        }
        let slot = containers?.open(at: start) ?? -1
        frames.append(Frame(isObject: isObject, firstValue: values.count, firstKey: keys.count, start: start, indexSlot: slot))
        if isObject { try readMemberName(first: true) }
        return nil
    }

    /// A member name and its colon; the cursor is left before the member's value.
    private mutating func readMemberName(first: Bool) throws(SyntaxFault) {
        cursor.skipWhitespace()
        guard cursor.peek == UInt8(ascii: "\"") else {
            throw cursor.fault(first ? "expected a member name in double quotes or '}'"
                : "expected a member name in double quotes (a trailing comma is not allowed)")
        }
        let key: String
        let marks: Bool
        if let shared = nameAsInShape() {
            (key, marks) = (shared.name, shared.hasHash)
            frames[frames.count - 1].namesShared += 1
        } else {
            cursor.watched = UInt8(ascii: "#")
            key = try cursor.readString(scratch: &scratch)
            marks = cursor.sawWatched
        }
        cursor.skipWhitespace()
        guard cursor.peek == UInt8(ascii: ":") else { throw cursor.fault("expected ':' after member name \"\(key)\"") }
        cursor.position += 1
        if marks { frames[frames.count - 1].marked = true }
        keys.push(key)
    }

    /// At a name's opening quote: the same member's name in the last object closed at this depth, when
    /// this one is spelt byte for byte as it was (records in an array repeat their names). That string is
    /// shared rather than decoded again; the cursor is left after the closing quote.
    private mutating func nameAsInShape() -> (name: String, hasHash: Bool)? {
        let depth = frames.count - 1
        let index = keys.count - frames[depth].firstKey
        guard depth < shapes.count, index < shapes[depth].count else { return nil }
        var name = shapes[depth][index]
        let (bytes, start) = (cursor.bytes, cursor.position + 1)
        let found = name.withUTF8 { spelt -> (end: Int, hasHash: Bool)? in
            let end = start + spelt.count
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
            var hasHash = false
            for i in 0..<spelt.count {
                let b = spelt[i]
                // A name with escapes or control characters is not written as it reads.
                guard b == bytes[start + i], b >= 0x20, b != UInt8(ascii: "\\"), b != UInt8(ascii: "\"") else { return nil }
                if b == UInt8(ascii: "#") { hasHash = true }
            }
            return (end, hasHash)
        }
        guard let found else { return nil }
        cursor.position = found.end + 1
        return (name, found.hasHash)
    }

    private mutating func closeArray() -> JSON {
        let frame = frames.removeLast()
        containers?.close(slot: frame.indexSlot, start: frame.start, end: cursor.position)
        return noting(frame, .array(values.popArray(from: frame.firstValue)))
    }

    /// A repeated name keeps its first position and takes the last value, as assigning in JavaScript does.
    private mutating func closeObject() -> JSON {
        let frame = frames.removeLast()
        containers?.close(slot: frame.indexSlot, start: frame.start, end: cursor.position)
        return noting(frame, object(of: frame))
    }

    private mutating func noting(_ frame: Frame, _ container: JSON) -> JSON {
        if frame.marked, let address = container.storageAddress { containers?.marked.insert(address) }
        return container
    }

    private mutating func object(of frame: Frame) -> JSON {
        let count = values.count - frame.firstValue
        if count <= Self.smallObject {
            let depth = frames.count
            if depth < shapes.count, shapes[depth].count == count, frame.namesShared == count ||
               keys.withElements(from: frame.firstKey, { $0.elementsEqual(shapes[depth], by: Self.sameSpelling) }) {
                keys.remove(from: frame.firstKey)
                return .object(JSONObject(uncheckedUniqueKeys: shapes[depth], values: values.popContiguousArray(from: frame.firstValue)))
            }
            if keys.withElements(from: frame.firstKey, Self.areDistinct) {
                let names = keys.popContiguousArray(from: frame.firstKey)
                while shapes.count <= depth { shapes.append([]) }
                shapes[depth] = names
                return .object(JSONObject(uncheckedUniqueKeys: names, values: values.popContiguousArray(from: frame.firstValue)))
            }
        }
        let names = keys.popArray(from: frame.firstKey)
        let members = values.popArray(from: frame.firstValue)
        var object = JSONObject(minimumCapacity: count)
        for i in 0..<count { object[names[i]] = members[i] }
        if object.count < count { containers?.repeatsKeys = true }
        return .object(object)
    }

    /// Byte for byte: canonically equivalent names are one key, but each object keeps its own spelling.
    private static func sameSpelling(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.count == y.count && x.elementsEqual(y) } }
    }

    /// Up to this many members, names are checked for repeats pair by pair (as OrderedDictionary itself
    /// does below its hashing threshold); larger objects are built by inserting.
    private static let smallObject = 15

    private static func areDistinct(_ names: UnsafeBufferPointer<String>) -> Bool {
        for i in names.indices.dropFirst() {
            for j in 0..<i where names[i] == names[j] { return false }
        }
        return true
    }
}
