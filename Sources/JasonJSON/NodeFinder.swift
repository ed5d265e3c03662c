/// Follows a JSON pointer through source bytes the parser accepted: into an object by member name (the
/// last member of that name, whose value the parsed object holds), into an array by index, skipping
/// everything else without building values. Bytes it does not expect end the walk; they never trap.
struct NodeFinder {
    var cursor: ByteCursor
    let containers: ContainerIndex

    /// The deepest node on the pointer's path: its offset and how many tokens led to it; nil for no input.
    mutating func deepest(along tokens: [String]) -> (offset: Int, depth: Int)? {
        cursor.skipWhitespace()
        cursor.skipByteOrderMark()
        cursor.skipWhitespace()
        guard cursor.position < cursor.bytes.count else { return nil }
        var offset = cursor.position
        for (depth, token) in tokens.enumerated() {
            let child: Int?
            switch cursor.bytes[offset] {
            case UInt8(ascii: "{"): child = member(named: token, inObjectAt: offset)
            case UInt8(ascii: "["): child = Int(token).flatMap { String($0) == token ? element($0, inArrayAt: offset) : nil }
            default: child = nil
            }
            guard let child else { return (offset, depth) }
            offset = child
        }
        return (offset, tokens.count)
    }

    private mutating func member(named name: String, inObjectAt start: Int) -> Int? {
        let nameIsASCII = name.utf8.allSatisfy { $0 < 0x80 }
        var found: Int?
        _ = eachMember(ofObjectAt: start) { finder, key, plain, value in
            if finder.matches(name, nameIsASCII: nameIsASCII, keyFrom: key.lowerBound + 1, to: key.upperBound, plain: plain) {
                found = value
            }
        }
        return found
    }

    /// Every member of the object at `start`, in written order: its name and the bytes from the name's
    /// opening quote to the value's end. Nil when the bytes there are not a whole object.
    mutating func members(ofObjectAt start: Int) -> [(name: String, extent: Range<Int>)]? {
        guard start < cursor.bytes.count, cursor.bytes[start] == UInt8(ascii: "{") else { return nil }
        var found: [(name: String, extent: Range<Int>)] = []
        var scratch: [UInt8] = []
        var named = true
        let ended = eachMember(ofObjectAt: start) { finder, key, _, _ in
            var reader = ByteCursor(finder.cursor.bytes, at: key.lowerBound)
            guard let name = try? reader.readString(scratch: &scratch) else {
                named = false
                return
            }
            found.append((name, key.lowerBound..<finder.cursor.position))
        }
        return ended && named ? found : nil
    }

    /// Walks the members of the object at `start`: `visit` is given each key (its opening quote to its
    /// closing one, and whether it has no escapes) and where its value starts, then the cursor is moved past
    /// the value (`visit` sees it there once it returns). False when bytes it does not expect end the walk
    /// before the closing brace.
    private mutating func eachMember(ofObjectAt start: Int,
                                     _ visit: (_ finder: inout NodeFinder, _ key: Range<Int>, _ plain: Bool, _ value: Int) -> Void) -> Bool {
        cursor.position = start + 1
        cursor.skipWhitespace()
        if cursor.peek == UInt8(ascii: "}") { return true }
        while true {
            guard cursor.peek == UInt8(ascii: "\"") else { return false }
            let keyStart = cursor.position
            guard let key = cursor.skipString() else { return false }
            cursor.skipWhitespace()
            guard cursor.peek == UInt8(ascii: ":") else { return false }
            cursor.position += 1
            cursor.skipWhitespace()
            let valueStart = cursor.position
            guard skipValue() else {
                visit(&self, keyStart..<key.end, key.plain, valueStart)
                return false
            }
            visit(&self, keyStart..<key.end, key.plain, valueStart)
            cursor.skipWhitespace()
            if cursor.peek == UInt8(ascii: "}") { return true }
            guard cursor.peek == UInt8(ascii: ",") else { return false }
            cursor.position += 1
            cursor.skipWhitespace()
        }
    }

    /// Member names compare as Swift strings do (canonical equivalence), as the parsed object's keys did;
    /// equal bytes are the common case, and two different ASCII spellings can never be equal.
    private mutating func matches(_ name: String, nameIsASCII: Bool, keyFrom start: Int, to end: Int, plain: Bool) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: cursor.bytes[start..<end])
        if plain, raw.elementsEqual(name.utf8) { return true }
        if plain, nameIsASCII { return false }
        var reader = ByteCursor(cursor.bytes, at: start - 1)
        var scratch: [UInt8] = []
        guard let key = try? reader.readString(scratch: &scratch) else { return false }
        return key == name
    }

    /// Only canonical indexes name elements, as only they were ever recorded ("01" and "-1" name none).
    private mutating func element(_ index: Int, inArrayAt start: Int) -> Int? {
        guard index >= 0 else { return nil }
        cursor.position = start + 1
        cursor.skipWhitespace()
        if cursor.peek == UInt8(ascii: "]") { return nil }
        var i = 0
        while true {
            if i == index { return cursor.position }
            guard skipValue() else { return nil }
            cursor.skipWhitespace()
            guard cursor.peek == UInt8(ascii: ",") else { return nil }
            cursor.position += 1
            cursor.skipWhitespace()
            i += 1
        }
    }

    /// Moves past the value at the cursor: a recorded container in one step, others by scanning.
    private mutating func skipValue() -> Bool {
        guard let b = cursor.peek else { return false }
        switch b {
        case UInt8(ascii: "\""):
            return cursor.skipString() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if let end = containers.end(ofContainerAt: cursor.position) {
                cursor.position = end
                return true
            }
            return skipContainer()
        default:
            while let c = cursor.peek, c != UInt8(ascii: ","), c != UInt8(ascii: "}"), c != UInt8(ascii: "]"),
                  c != 0x20, c != 0x0A, c != 0x0D, c != 0x09 {
                cursor.position += 1
            }
            return true
        }
    }

    /// Counts brackets (outside strings) until the container at the cursor closes.
    private mutating func skipContainer() -> Bool {
        var depth = 0
        while let b = cursor.peek {
            switch b {
            case UInt8(ascii: "\""):
                guard cursor.skipString() != nil else { return false }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    cursor.position += 1
                    return true
                }
            default:
                break
            }
            cursor.position += 1
        }
        return false
    }
}
