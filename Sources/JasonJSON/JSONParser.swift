/// A syntax error: what was expected, what was found, and where (byte offset, line:column).
public struct JSONSyntaxError: Error, Sendable, Hashable {
    public var offset: Int
    public var location: SourceLocation
    public var message: String
}

/// The result of parsing a document whose node positions we want to report later.
public struct ParsedDocument: Sendable {
    public var value: JSON
    public var sourceMap: SourceMap
}

/// A strict RFC 8259 parser of our own that can record where every node starts.
/// It is strict on purpose: Jasonette used the platform JSON parsers, which reject comments and
/// trailing commas, so a document we accept is one the phone app accepted.
public struct JSONParser {
    public static let maximumDepth = 512

    /// Parses with positions: every node's JSON pointer is mapped to its byte offset.
    public static func parseDocument(_ file: SourceFile) throws(JSONSyntaxError) -> ParsedDocument {
        var reader = Reader(bytes: file.bytes, map: SourceMap(file: file), recording: true)
        let value = try reader.parseWhole()
        return ParsedDocument(value: value, sourceMap: reader.map)
    }

    /// Parses text without recording positions (network bodies, values typed at the REPL).
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSON {
        let file = SourceFile(name: "<text>", text: text)
        var reader = Reader(bytes: file.bytes, map: SourceMap(file: file), recording: false)
        return try reader.parseWhole()
    }
}

private struct Reader {
    let bytes: [UInt8]
    var map: SourceMap
    let recording: Bool
    var position = 0
    var depth = 0

    init(bytes: [UInt8], map: SourceMap, recording: Bool) {
        self.bytes = bytes
        self.map = map
        self.recording = recording
    }

    mutating func parseWhole() throws(JSONSyntaxError) -> JSON {
        skipWhitespace()
        if position == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3; skipWhitespace() }
        let value = try parseValue(at: JSONPointer.root)
        skipWhitespace()
        if position < bytes.count {
            throw failure("expected end of input after the top-level value")
        }
        return value
    }

    mutating func parseValue(at pointer: JSONPointer) throws(JSONSyntaxError) -> JSON {
        skipWhitespace()
        guard position < bytes.count else { throw failure("expected a JSON value") }
        if recording { map.record(pointer, offset: position) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(at: pointer)
        case UInt8(ascii: "["): return try parseArray(at: pointer)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("expected a JSON value")
        }
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw failure("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    mutating func parseObject(at pointer: JSONPointer) throws(JSONSyntaxError) -> JSON {
        try enter()
        defer { depth -= 1 }
        position += 1
        var members = JSONObject()
        skipWhitespace()
        if peek == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                throw failure(members.isEmpty ? "expected a member name in double quotes or '}'"
                    : "expected a member name in double quotes (a trailing comma is not allowed)")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after member name \"\(key)\"") }
            position += 1
            let childPointer = recording ? pointer.appending(key) : pointer
            members[key] = try parseValue(at: childPointer)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(members)
            default: throw failure("expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    mutating func parseArray(at pointer: JSONPointer) throws(JSONSyntaxError) -> JSON {
        try enter()
        defer { depth -= 1 }
        position += 1
        var elements: [JSON] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            if peek == UInt8(ascii: "]") { throw failure("expected a value (a trailing comma is not allowed)") }
            let childPointer = recording ? pointer.appending(elements.count) : pointer
            elements.append(try parseValue(at: childPointer))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            default: throw failure("expected ',' or ']' after an array element")
            }
        }
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1
        var buffer: [UInt8] = []
        var plainFrom = position
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                let tail = bytes[plainFrom..<position]
                position += 1
                if buffer.isEmpty { return String(decoding: tail, as: UTF8.self) }
                buffer.append(contentsOf: tail)
                return String(decoding: buffer, as: UTF8.self)
            }
            if b < 0x20 { throw failure("expected '\"' to close the string (control characters must be escaped)") }
            if b == UInt8(ascii: "\\") {
                buffer.append(contentsOf: bytes[plainFrom..<position])
                try parseEscape(into: &buffer)
                plainFrom = position
            } else {
                position += 1
            }
        }
        position = start
        throw failure("expected '\"' to close the string that starts here")
    }

    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        position += 1
        guard position < bytes.count else { throw failure("expected an escape sequence") }
        let c = bytes[position]
        position += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(c)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar), bytes[position...].starts(with: [0x5C, 0x75]) {
                let save = position
                position += 2
                let low = try parseHex4()
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    position = save
                }
            }
            let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            buffer.append(contentsOf: Array(String(character).utf8))
        default:
            position -= 2
            throw failure("expected a valid escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = hexValue(bytes[position]) else {
                throw failure("expected four hexadecimal digits after \\u")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSON {
        let start = position
        var isInteger = true
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, isDigit(first) else { throw failure("expected a digit") }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let d = peek, isDigit(d) else { throw failure("expected a digit after the decimal point") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard let d = peek, isDigit(d) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let i = Int(text) { return .int(i) }
        return .double(Double(text) ?? .nan)
    }

    mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes[position...].starts(with: expected) else { throw failure("expected a JSON value") }
        position += expected.count
    }

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    mutating func skipDigits() {
        while let b = peek, isDigit(b) { position += 1 }
    }

    mutating func skipWhitespace() {
        while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { position += 1 }
    }

    func failure(_ expected: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, location: map.file.location(ofOffset: position),
                        message: expected + ", found " + describeFound())
    }

    func describeFound() -> String {
        guard position < bytes.count else { return "end of file" }
        let b = bytes[position]
        if b == UInt8(ascii: "/"), position + 1 < bytes.count,
           bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*") {
            return "a comment (JSON has no comments)"
        }
        if b < 0x20 { return "control character 0x" + String(b, radix: 16) }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: bytes[position..<end], as: UTF8.self) + "'"
    }
}
