/// Formats numbers exactly as JavaScript's `Number.prototype.toString()` does (ECMA-262 Number::toString),
/// so that `3.0` prints as `3`, `1e21` as `1e+21` and `0.0000001` as `1e-7`.
package enum JSNumber {
    package static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        // Integral values print as integers up to 1e21; Swift's own text would end in ".0" from 2^53 up.
        if value == value.rounded(.towardZero), abs(value) < 1e18 { return String(Int(value)) }
        // Swift already prints the shortest digits; without an exponent its text is JavaScript's.
        let text = value.description
        if !text.utf8.contains(UInt8(ascii: "e")), abs(value) >= 1e-6 { return text }
        let sign = value < 0 ? "-" : ""
        let (digits, n) = shortestDigits(abs(value))
        let k = digits.count
        var out = sign
        if k <= n && n <= 21 {
            out += digits + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            out += digits.prefix(n) + "." + digits.dropFirst(n)
        } else if -6 < n && n <= 0 {
            out += "0." + String(repeating: "0", count: -n) + digits
        } else {
            let exponent = n - 1
            let mantissa = k == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
            out += mantissa + "e" + (exponent >= 0 ? "+" : "-") + String(abs(exponent))
        }
        return out
    }

    package static func format(_ value: Int) -> String { String(value) }

    /// A JavaScript number as our JSON holds it: integral values that fit become `int` (so `{{1+1}}`
    /// gives `2`, not `2.0`); `-0`, fractions and values past 2^53 stay doubles.
    package static func json(_ d: Double) -> JSON {
        if d == d.rounded(.towardZero), abs(d) < 9.007_199_254_740_992e15, !(d == 0 && d.sign == .minus) {
            return .int(Int(d))
        }
        return .double(d)
    }

    /// The shortest decimal digits that round-trip, and the position n of the decimal point
    /// (value = 0.digits × 10^n). Swift's `description` already finds the shortest digits.
    static func shortestDigits(_ value: Double) -> (String, Int) {
        let text = value.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0]
        let dot = mantissa.firstIndex(of: ".")
        let integerPart = dot.map { mantissa[..<$0] } ?? mantissa[...]
        let fraction = dot.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var digits = Array(integerPart + fraction)
        var pointPosition = integerPart.count + exponent
        while let first = digits.first, first == "0", digits.count > 1 {
            digits.removeFirst()
            pointPosition -= 1
        }
        while let last = digits.last, last == "0", digits.count > 1 { digits.removeLast() }
        return (String(digits), pointPosition)
    }
}
