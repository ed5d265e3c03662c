import JasonJSON

/// What the cursor is in, read from the text before it without needing the text to be JSON (it is
/// usually half-typed while completing): the containers it is nested in, and whether it is at a key or
/// a value, inside a string or not.
struct CursorContext {
    struct Level {
        var isObject: Bool
        /// The key whose value is being written (objects), once its colon is seen.
        var key: String?
        var index = 0
        var expectingKey: Bool
        /// String values of the members seen so far (`"type": "$util.alert"`).
        var strings: [String: String] = [:]
        var pendingKey: String?
    }

    var levels: [Level] = []
    /// Set when the cursor is inside a string: the text from its opening quote to the cursor.
    var stringPrefix: String?
    /// The byte offset just after the opening quote of that string.
    var stringStart: Int?

    /// True when the cursor is where a member name goes.
    var atKey: Bool { levels.last.map { $0.isObject && $0.expectingKey } ?? false }

    /// The key of the value at the cursor, when the cursor is at a value of an object.
    var valueKey: String? { levels.last.flatMap { $0.isObject && !$0.expectingKey ? $0.key : nil } }

    /// The pointer of the innermost container holding the cursor.
    var container: JSONPointer {
        var pointer = JSONPointer.root
        for level in levels.dropLast() {
            if level.isObject { pointer = pointer.appending(level.key ?? "") } else { pointer = pointer.appending(level.index) }
        }
        return pointer
    }

    /// The key under which the innermost container sits in its parent (nil at the top or in an array).
    var containerKey: String? {
        guard levels.count >= 2, levels[levels.count - 2].isObject else { return nil }
        return levels[levels.count - 2].key
    }

    init(_ bytes: [UInt8], cursor: Int) {
        let end = min(cursor, bytes.count)
        var i = 0
        while i < end {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "{"): levels.append(Level(isObject: true, expectingKey: true))
            case UInt8(ascii: "["): levels.append(Level(isObject: false, expectingKey: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !levels.isEmpty { levels.removeLast() }
                finishValue(nil)
            case UInt8(ascii: ","):
                if var last = levels.popLast() {
                    if last.isObject { last.expectingKey = true; last.key = nil } else { last.index += 1 }
                    levels.append(last)
                }
            case UInt8(ascii: ":"):
                if var last = levels.popLast() {
                    if last.isObject { last.expectingKey = false; last.key = last.pendingKey }
                    levels.append(last)
                }
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < end, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "\n") {
                    if bytes[j] == UInt8(ascii: "\\") { j += 1 }
                    j += 1
                }
                let text = Self.decode(bytes[(i + 1)..<min(j, end)])
                if j >= end {
                    stringPrefix = text
                    stringStart = i + 1
                    return
                }
                if levels.last.map({ $0.isObject && $0.expectingKey }) == true {
                    levels[levels.count - 1].pendingKey = text
                } else {
                    finishValue(text)
                }
                i = j
            default:
                break
            }
            i += 1
        }
    }

    /// A value ended: an object remembers string values by key.
    private mutating func finishValue(_ text: String?) {
        guard var last = levels.popLast() else { return }
        if last.isObject, let key = last.key, let text { last.strings[key] = text }
        levels.append(last)
    }

    static func decode(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard raw.contains(UInt8(ascii: "\\")) else { return text }
        return (try? JSONParser.parse("\"" + text + "\""))?.stringValue ?? text
    }
}
