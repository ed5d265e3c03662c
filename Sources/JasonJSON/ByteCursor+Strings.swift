extension ByteCursor {
    /// At an opening quote: the string's value, the cursor after the closing quote. A string without
    /// escapes is decoded straight from the source; `scratch` collects the bytes of one that has some.
    /// Invalid UTF-8 becomes U+FFFD, as `String(decoding:as:)` does.
    mutating func readString(scratch: inout [UInt8]) throws(SyntaxFault) -> String {
        let start = position
        position += 1
        var plainFrom = position
        var escaped = false
        sawWatched = false
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                let tail = UnsafeBufferPointer(rebasing: bytes[plainFrom..<position])
                position += 1
                guard escaped else { return String(decoding: tail, as: UTF8.self) }
                scratch.append(contentsOf: tail)
                if watched != 0, !sawWatched { sawWatched = scratch.contains(watched) }
                return String(decoding: scratch, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") {
                if !escaped { scratch.removeAll(keepingCapacity: true) }
                escaped = true
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<position]))
                try readEscape(into: &scratch)
                plainFrom = position
            } else if b < 0x20 {
                throw fault("expected '\"' to close the string (control characters must be escaped)")
            } else {
                if b == watched { sawWatched = true }
                position += 1
            }
        }
        position = start
        throw fault("expected '\"' to close the string that starts here")
    }

    /// At a backslash: appends the UTF-8 of the escaped character. A high surrogate joins the `\u` low
    /// surrogate that follows it; an unpaired surrogate becomes U+FFFD.
    mutating func readEscape(into buffer: inout [UInt8]) throws(SyntaxFault) {
        position += 1
        guard position < bytes.count else { throw fault("expected an escape sequence") }
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
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar), bytes.count - position >= 2,
               bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                let save = position
                position += 2
                let low = try readHex4()
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    position = save
                }
            }
            Self.appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &buffer)
        default:
            position -= 2
            throw fault("expected a valid escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
    }

    mutating func readHex4() throws(SyntaxFault) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = Self.hexValue(bytes[position]) else {
                throw fault("expected four hexadecimal digits after \\u")
            }
            value = value &* 16 &+ digit
            position += 1
        }
        return value
    }

    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    static func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        let v = scalar.value
        switch v {
        case ..<0x80:
            buffer.append(UInt8(v))
        case ..<0x800:
            buffer.append(UInt8(0xC0 | v >> 6))
            buffer.append(UInt8(0x80 | v & 0x3F))
        case ..<0x10000:
            buffer.append(UInt8(0xE0 | v >> 12))
            buffer.append(UInt8(0x80 | v >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | v & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | v >> 18))
            buffer.append(UInt8(0x80 | v >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | v >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// At an opening quote: moves past the closing quote without decoding (the document is known to be
    /// valid). Returns whether the string has escapes or non-ASCII bytes, i.e. whether its bytes may
    /// differ from its value's UTF-8.
    mutating func skipString() -> (end: Int, plain: Bool)? {
        position += 1
        var plain = true
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                return (position - 1, plain)
            }
            if b == UInt8(ascii: "\\") {
                plain = false
                position += 2
            } else {
                if b >= 0x80 { plain = false }
                position += 1
            }
        }
        return nil
    }
}
