extension ByteCursor {
    /// At a `-` or digit: a number. Integers that fit in `Int` stay `.int`; everything else is the nearest
    /// `.double`. Common numbers are converted from their digits directly; long or extreme ones go through
    /// the standard library's correctly rounded parser.
    mutating func readNumber() throws(SyntaxFault) -> JSON {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < bytes.count, Self.isDigit(bytes[position]) else { throw fault("expected a digit") }
        var mantissa: UInt64 = 0
        var exact = true  // false once the digits no longer fit the mantissa
        var fractionDigits = 0
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            _ = accumulateDigits(into: &mantissa, exact: &exact)
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw fault("expected a digit after the decimal point")
            }
            fractionDigits = accumulateDigits(into: &mantissa, exact: &exact)
        }
        var exponent = 0
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw fault("expected a digit in the exponent")
            }
            while position < bytes.count, Self.isDigit(bytes[position]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        if exact {
            if isInteger {
                if mantissa <= UInt64(Int.max) { return .int(negative ? -Int(mantissa) : Int(mantissa)) }
                if negative, mantissa == UInt64(Int.max) + 1 { return .int(.min) }
            } else if let value = Self.fastDouble(mantissa, exponent - fractionDigits) {
                return .double(negative ? -value : value)
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        let value = Double(text) ?? .nan
        // Foundation's JSONSerialization, the phone's parser, refuses these rather than make them infinite.
        guard value.isFinite else {
            throw SyntaxFault(offset: start, expected: "expected a number of at most ±1.8e308 (the largest double)",
                              found: text.count > 40 ? String(text.prefix(40)) + "…" : text)
        }
        return .double(value)
    }

    /// Reads a run of digits into `mantissa` while it stays exact; returns how many it took.
    private mutating func accumulateDigits(into mantissa: inout UInt64, exact: inout Bool) -> Int {
        var taken = 0
        while position < bytes.count {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if exact, mantissa <= (UInt64.max - 9) / 10 {
                mantissa = mantissa * 10 + UInt64(digit)
                taken += 1
            } else {
                exact = false
            }
            position += 1
        }
        return taken
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Clinger's fast path: a mantissa below 2^53 and a power of ten up to 10^22 are both exact doubles,
    /// so one multiplication or division rounds correctly.
    private static func fastDouble(_ mantissa: UInt64, _ exponent: Int) -> Double? {
        guard mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
        let m = Double(mantissa)
        return exponent >= 0 ? m * powersOfTen[exponent] : m / powersOfTen[-exponent]
    }
}
