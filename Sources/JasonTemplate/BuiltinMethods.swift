import Foundation
import JasonJSON

/// The built-in methods a simple expression may call, each with the exact result of JavaScript's own.
/// Outside what is written here (an argument of another type, a letter past Latin Extended-A for case
/// mapping), the answer is nil and the engine decides.
enum BuiltinMethods {
    static let methodNames = Set(["toString", "toUpperCase", "toLowerCase", "trim", "toFixed"]).union(StringMethods.names)
    static let mathNames: Set<String> = ["min", "max", "floor", "ceil", "trunc", "abs", "sqrt", "round"]

    static func call(_ name: String, on receiver: SimpleValue, _ arguments: [SimpleValue]) -> SimpleValue? {
        switch (receiver, name) {
        case (.string(let s), "toString") where arguments.isEmpty:
            return .string(s)
        case (.string(let s), "toUpperCase") where arguments.isEmpty && mapsCaseAlike(s):
            return .string(s.uppercased())
        case (.string(let s), "toLowerCase") where arguments.isEmpty && mapsCaseAlike(s):
            return .string(s.lowercased())
        case (.string(let s), "trim") where arguments.isEmpty && !s.unicodeScalars.contains(where: isWideSpace):
            return .string(trimmed(s))
        case (.number(let x), "toString") where arguments.isEmpty:
            return .string(JSNumber.format(x))
        case (.bool(let b), "toString") where arguments.isEmpty:
            return .string(b ? "true" : "false")
        case (.string(let s), _) where StringMethods.names.contains(name):
            return StringMethods.call(name, on: s, arguments)
        case (.number(let x), "toFixed"):
            var digits = 0.0
            if let first = arguments.first {
                guard case .number(let d) = first else { return nil }
                digits = d.isNaN ? 0 : d.rounded(.towardZero)
            }
            guard digits >= 0, digits <= 100 else { return nil } // a RangeError, worded by the engine
            return .string(toFixed(x, Int(digits)))
        default:
            return nil
        }
    }

    /// `Math.name(…)` over numbers.
    static func math(_ name: String, _ arguments: [SimpleValue]) -> SimpleValue? {
        var numbers: [Double] = []
        for argument in arguments {
            guard case .number(let x) = argument else { return nil }
            numbers.append(x)
        }
        let x = numbers.first ?? .nan
        switch name {
        case "min": return .number(extreme(numbers, start: .infinity) { a, b in a < b || (a == 0 && b == 0 && a.sign == .minus) })
        case "max": return .number(extreme(numbers, start: -.infinity) { a, b in a > b || (a == 0 && b == 0 && b.sign == .minus) })
        case "floor": return .number(x.rounded(.down))
        case "ceil": return .number(x.rounded(.up))
        case "trunc": return .number(x.rounded(.towardZero))
        case "abs": return .number(x.magnitude)
        case "sqrt": return .number(x.squareRoot())
        case "round": return .number(round(x))
        default: return nil
        }
    }

    /// `Math.min`/`Math.max`: NaN if any is; -0 below +0.
    static func extreme(_ numbers: [Double], start: Double, _ better: (Double, Double) -> Bool) -> Double {
        var best = start
        for x in numbers {
            if x.isNaN { return .nan }
            if better(x, best) { best = x }
        }
        return best
    }

    /// The nearest integer, halves towards +∞; -0 for what rounds to zero from below.
    static func round(_ x: Double) -> Double {
        guard x.isFinite else { return x }
        let down = x.rounded(.down)
        let result = x - down >= 0.5 ? down + 1 : down
        return result == 0 && x.sign == .minus ? -0.0 : result
    }

    /// Below U+0180 Swift's case mappings are JavaScriptCore's, letter by letter (a test checks each);
    /// further on, their Unicode versions differ on a few letters, and Greek has a final sigma, which
    /// depends on the letters around it.
    static func mapsCaseAlike(_ s: String) -> Bool { s.unicodeScalars.allSatisfy { $0.value < 0x180 } }

    /// JavaScript's white space and line ends past ASCII (`trim` here removes only ASCII ones).
    static func isWideSpace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// JavaScript's white space and line ends, within ASCII.
    static func trimmed(_ s: String) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        let bytes = Array(s.utf8)
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
              let end = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }

    /// `Number.prototype.toFixed`: the decimal closest to x with `digits` places, the larger on a tie.
    /// printf gives the exact decimal expansion but breaks ties to even, so ties are found and
    /// rounded up here.
    static func toFixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite, x.magnitude < 1e21 else { return JSNumber.format(x) }
        let sign = x < 0 ? "-" : ""
        let magnitude = x.magnitude
        guard isTie(magnitude, digits) else { return sign + String(format: "%.\(digits)f", magnitude) }
        // Exactly digits + 1 places, the last a 5: drop it and add one in the last place kept.
        var text = Array(String(format: "%.\(digits + 1)f", magnitude).utf8.dropLast())
        if text.last == UInt8(ascii: ".") { text.removeLast() }
        var i = text.count - 1
        while i >= 0 {
            if text[i] == UInt8(ascii: ".") { i -= 1; continue }
            if text[i] == UInt8(ascii: "9") {
                text[i] = UInt8(ascii: "0")
                i -= 1
            } else {
                text[i] += 1
                break
            }
        }
        if i < 0 { text.insert(UInt8(ascii: "1"), at: 0) }
        return sign + String(decoding: text, as: UTF8.self)
    }

    /// Whether x × 10^digits lies exactly halfway between two integers. With x = m × 2^e, m odd,
    /// x × 10^digits = m × 5^digits × 2^(digits + e), an odd number times a power of two: a half
    /// exactly when digits + e = -1.
    static func isTie(_ x: Double, _ digits: Int) -> Bool {
        guard x != 0 else { return false }
        var m = x.significandBitPattern
        var e = -1074
        if x.isNormal {
            m |= 1 << 52
            e = Int(x.exponent) - 52
        }
        let zeros = m.trailingZeroBitCount
        m >>= UInt64(zeros)
        e += zeros
        return digits + e == -1
    }
}
