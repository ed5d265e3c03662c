import JasonJSON

/// The test oracle: every node's offset by pointer, recorded during a walk the way the old parser filled
/// its dictionary (a repeated member name records again, so the last one wins). Valid input only.
struct RecordedOffsets {
    private(set) var offsets: [JSONPointer: Int] = [:]
    private let bytes: [UInt8]
    private var i = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        value(at: .root)
    }

    private mutating func value(at pointer: JSONPointer) {
        space()
        offsets[pointer] = i
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            space()
            if bytes[i] == UInt8(ascii: "}") { i += 1; return }
            while true {
                space()
                let key = string()
                space()
                i += 1  // ':'
                value(at: pointer.appending(key))
                space()
                i += 1  // ',' or '}'
                if bytes[i - 1] == UInt8(ascii: "}") { return }
            }
        case UInt8(ascii: "["):
            i += 1
            space()
            if bytes[i] == UInt8(ascii: "]") { i += 1; return }
            var index = 0
            while true {
                value(at: pointer.appending(index))
                index += 1
                space()
                i += 1
                if bytes[i - 1] == UInt8(ascii: "]") { return }
            }
        case UInt8(ascii: "\""):
            _ = string()
        default:
            while i < bytes.count, !",]} \n\r\t".utf8.contains(bytes[i]) { i += 1 }
        }
    }

    /// A string's value, decoded by parsing its literal on its own.
    private mutating func string() -> String {
        let start = i
        i += 1
        while bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        i += 1
        let literal = String(decoding: bytes[start..<i], as: UTF8.self)
        return (try? JSONParser.parse(literal))?.stringValue ?? ""
    }

    private mutating func space() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }
}

extension JSON {
    /// Every pointer of the value, the root included.
    func allPointers(under pointer: JSONPointer = .root) -> [JSONPointer] {
        switch self {
        case .object(let members):
            [pointer] + members.flatMap { $0.value.allPointers(under: pointer.appending($0.key)) }
        case .array(let elements):
            [pointer] + elements.enumerated().flatMap { $0.element.allPointers(under: pointer.appending($0.offset)) }
        default:
            [pointer]
        }
    }
}
