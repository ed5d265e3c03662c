import JasonJSON

/// An expression made only of what Swift can answer with JavaScript's exact result: paths and
/// literals joined by arithmetic, comparison, equality, `&&`, `||`, `!` and `? :`, and calls of a few
/// built-in methods (`toUpperCase()`, `toFixed(2)`, `Math.min(…)`…). Parsed once with the template.
/// Evaluating it may still give nil, when the values at hand are ones whose treatment is JavaScript's
/// (a coercion of an object, a string in arithmetic): the engine then evaluates the text itself.
indirect enum SimpleExpression: Sendable {
    /// A plain path or a literal, evaluated as the path evaluator does.
    case path(PathExpression)
    case number(Double)
    /// A property of a value that is not a plain path (`(a + b).length`).
    case member(SimpleExpression, PathExpression.Step.Access)
    /// `receiver.name(arguments)`; for `Math.name(…)` the receiver is nil.
    case call(SimpleExpression?, String, [SimpleExpression])
    case not(SimpleExpression)
    case negate(SimpleExpression)
    case binary(BinaryOperator, SimpleExpression, SimpleExpression)
    case and(SimpleExpression, SimpleExpression)
    case or(SimpleExpression, SimpleExpression)
    case conditional(SimpleExpression, SimpleExpression, SimpleExpression)

    enum BinaryOperator: String, Sendable {
        case plus = "+", minus = "-", times = "*", divide = "/", remainder = "%"
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case looseEqual = "==", strictEqual = "===", looseNotEqual = "!=", strictNotEqual = "!=="
    }

    /// The parse of `text`, or nil when it holds anything else (the engine's then).
    init?(_ text: String) {
        var parser = SimpleParser(Array(text.utf8))
        // A long chain (`a + a + …`) would make a tree as deep as it is long, and evaluating it recurse
        // as deep: such texts are the engine's, which has its own limits.
        guard let tokens = parser.tokens(), !tokens.isEmpty, tokens.count <= 256 else { return nil }
        var reader = TokenReader(tokens: tokens)
        guard let parsed = reader.conditional(depth: 0), reader.atEnd else { return nil }
        self = parsed
    }
}

/// One token of a simple expression.
enum SimpleToken: Equatable {
    case number(Double)
    case string(String)
    case name(String)
    case punctuator(String)
}

/// Splits the text into tokens; nil at anything outside the simple language (an assignment, a
/// regular expression, a comment, an escape in a string, a name that is not ASCII).
struct SimpleParser {
    let bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static let punctuators = ["===", "!==", "==", "!=", "<=", ">=", "&&", "||", "<", ">", "+", "-", "*", "/", "%",
                              "!", "?", ":", "(", ")", "[", "]", ".", ","]

    mutating func tokens() -> [SimpleToken]? {
        var out: [SimpleToken] = []
        while at < bytes.count {
            let byte = bytes[at]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { at += 1; continue }
            if Self.isDigit(byte) {
                guard let number = number() else { return nil }
                out.append(.number(number))
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                guard let end = bytes[(at + 1)...].firstIndex(of: byte) else { return nil }
                let body = bytes[(at + 1)..<end]
                guard !body.contains(UInt8(ascii: "\\")), !body.contains(0x0A), !body.contains(0x0D) else { return nil }
                out.append(.string(String(decoding: body, as: UTF8.self)))
                at = end + 1
            } else if Self.isNameStart(byte) {
                let start = at
                while at < bytes.count, Self.isNameStart(bytes[at]) || Self.isDigit(bytes[at]) { at += 1 }
                out.append(.name(String(decoding: bytes[start..<at], as: UTF8.self)))
            } else {
                // `//` and `/*` start comments; `=>`, `=` and the rest are outside the language.
                if byte == UInt8(ascii: "/"), at + 1 < bytes.count,
                   bytes[at + 1] == UInt8(ascii: "/") || bytes[at + 1] == UInt8(ascii: "*") { return nil }
                guard let punctuator = Self.punctuators.first(where: { matches($0) }) else { return nil }
                at += punctuator.utf8.count
                // `<<`, `>>`, `++` and `--` are other operators in JavaScript, not two of ours.
                if "<>+-".utf8.contains(bytes[at - 1]), at < bytes.count, bytes[at] == bytes[at - 1] { return nil }
                out.append(.punctuator(punctuator))
            }
        }
        return out
    }

    func matches(_ punctuator: String) -> Bool {
        let utf8 = punctuator.utf8
        guard at + utf8.count <= bytes.count else { return false }
        return bytes[at..<(at + utf8.count)].elementsEqual(utf8)
    }

    /// `0`, `12`, `3.25`: no exponent, no octal or hex, nothing glued after; integers up to 2^53.
    mutating func number() -> Double? {
        let start = at
        while at < bytes.count, Self.isDigit(bytes[at]) { at += 1 }
        if bytes[start] == UInt8(ascii: "0"), at - start > 1 { return nil }
        var fraction = false
        if at + 1 < bytes.count, bytes[at] == UInt8(ascii: "."), Self.isDigit(bytes[at + 1]) {
            fraction = true
            at += 1
            while at < bytes.count, Self.isDigit(bytes[at]) { at += 1 }
        }
        if at < bytes.count, Self.isNameStart(bytes[at]) || Self.isDigit(bytes[at]) || bytes[at] == UInt8(ascii: ".") {
            return nil
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        guard let value = Double(text), fraction || value <= 9_007_199_254_740_992 else { return nil }
        return value
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x24 || byte == 0x5F
    }
}
