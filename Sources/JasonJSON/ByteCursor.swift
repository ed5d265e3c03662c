/// Where reading stopped and what was expected there; `JSONParser` turns it into a located `JSONSyntaxError`.
struct SyntaxFault: Error {
    var offset: Int
    var expected: String
    /// What was found, when it is more than the character at `offset` (a whole number token).
    var found: String? = nil
}

/// A position in UTF-8 source bytes, and the token readers the parser and `NodeFinder` share.
/// Every read checks `position < bytes.count` first, so malformed input can only end in a `SyntaxFault`.
struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    /// A byte `readString` looks out for as it reads (0, which no string holds, for none), and whether
    /// the last string read held it.
    var watched: UInt8 = 0
    var sawWatched = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    func fault(_ expected: String) -> SyntaxFault { SyntaxFault(offset: position, expected: expected) }

    mutating func skipWhitespace() {
        while position < bytes.count {
            let b = bytes[position]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            position += 1
        }
    }

    /// A byte-order mark is allowed before the top-level value, as the platform parsers allowed it.
    mutating func skipByteOrderMark() {
        if position == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    mutating func expectWord(_ word: StaticString) throws(SyntaxFault) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - position >= expected.count else { throw fault("expected a JSON value") }
        for i in expected.indices where bytes[position + i] != expected[i] { throw fault("expected a JSON value") }
        position += expected.count
    }

    static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    mutating func skipDigits() {
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }
}
