import JasonJSON

/// `A op B`: one arithmetic, comparison or equality operator between two plain paths or literals
/// (`$get.n + 1`, `$get.n < 100`, `$jason.status === 'ok'`). Evaluated in Swift when both sides are
/// numbers (IEEE arithmetic, as JavaScript's), or strings for `+` and equality; any other pairing is
/// JavaScript's to decide, with its coercions, and is handed to the engine.
struct BinaryExpression: Sendable {
    enum Operator: String, Sendable {
        case plus = "+", minus = "-", times = "*", divide = "/", remainder = "%"
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case looseEqual = "==", strictEqual = "===", looseNotEqual = "!=", strictNotEqual = "!=="
    }

    let left: PathExpression
    let op: Operator
    let right: PathExpression

    /// The one operator outside quotes and brackets, with a path or literal on each side; nil otherwise.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        let operatorBytes = Self.operatorBytes
        var quote: UInt8? = nil
        var depth = 0
        var start: Int? = nil
        for (i, byte) in bytes.enumerated() {
            if let open = quote {
                if byte == open { quote = nil } else if byte == UInt8(ascii: "\\") { return nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""): quote = byte
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case _ where depth == 0 && operatorBytes.contains(byte):
                start = i
            default: break
            }
            if start != nil { break }
        }
        guard let start else { return nil }
        var end = start
        while end < bytes.count, operatorBytes.contains(bytes[end]) { end += 1 }
        guard let op = Operator(rawValue: String(decoding: bytes[start..<end], as: UTF8.self)),
              let left = PathExpression(String(decoding: bytes[..<start], as: UTF8.self)),
              let right = PathExpression(String(decoding: bytes[end...], as: UTF8.self)) else { return nil }
        self.left = left
        self.op = op
        self.right = right
    }

    static let operatorBytes: Set<UInt8> = Set("+-*/%<>=!".utf8)

    /// The value, or nil when the operands are not ones this decides (the engine then does).
    func evaluate(in scope: Scope) -> Evaluation? {
        guard case .value(let a)? = PathEvaluator.evaluate(left, in: scope),
              case .value(let b)? = PathEvaluator.evaluate(right, in: scope) else { return nil }
        if let x = Self.number(a), let y = Self.number(b) { return .value(numbers(x, y)) }
        if case .string(let x) = a, case .string(let y) = b { return strings(x, y).map(Evaluation.value) }
        return nil
    }

    /// A number operand. Infinity and NaN in data reach JavaScript as null (JSON has neither), so
    /// those are the engine's to treat.
    static func number(_ value: JSON) -> Double? {
        switch value {
        case .int(let i): Double(i)
        case .double(let d) where d.isFinite: d
        default: nil
        }
    }

    func numbers(_ x: Double, _ y: Double) -> JSON {
        switch op {
        case .plus: JSNumber.json(x + y)
        case .minus: JSNumber.json(x - y)
        case .times: JSNumber.json(x * y)
        case .divide: JSNumber.json(x / y)
        case .remainder: JSNumber.json(x.truncatingRemainder(dividingBy: y))
        case .less: .bool(x < y)
        case .lessOrEqual: .bool(x <= y)
        case .greater: .bool(x > y)
        case .greaterOrEqual: .bool(x >= y)
        case .looseEqual, .strictEqual: .bool(x == y)
        case .looseNotEqual, .strictNotEqual: .bool(x != y)
        }
    }

    /// Strings are joined and compared as JavaScript does, unit by UTF-16 unit (Swift's `==` would
    /// also equate canonically equivalent text). Ordering is left to the engine.
    func strings(_ x: String, _ y: String) -> JSON? {
        switch op {
        case .plus: .string(x + y)
        case .looseEqual, .strictEqual: .bool(x.utf16.elementsEqual(y.utf16))
        case .looseNotEqual, .strictNotEqual: .bool(!x.utf16.elementsEqual(y.utf16))
        default: nil
        }
    }
}
