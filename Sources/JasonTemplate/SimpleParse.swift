import JasonJSON

/// Recursive descent over the tokens, by JavaScript's precedence: `? :`, `||`, `&&`, equality,
/// comparison, `+ -`, `* / %`, `! -`, then members, indexes and calls.
struct TokenReader {
    let tokens: [SimpleToken]
    var at = 0
    /// Deeper nesting than this is left to the engine (and its own limits).
    static let maximumDepth = 32

    var atEnd: Bool { at == tokens.count }

    mutating func take(_ punctuator: String) -> Bool {
        guard at < tokens.count, tokens[at] == .punctuator(punctuator) else { return false }
        at += 1
        return true
    }

    mutating func takeAny(_ punctuators: [String]) -> String? {
        punctuators.first { take($0) }
    }

    mutating func conditional(depth: Int) -> SimpleExpression? {
        guard depth < Self.maximumDepth, let test = or(depth) else { return nil }
        guard take("?") else { return test }
        guard let yes = conditional(depth: depth + 1), take(":"), let no = conditional(depth: depth + 1) else { return nil }
        return .conditional(test, yes, no)
    }

    mutating func or(_ depth: Int) -> SimpleExpression? {
        guard var left = and(depth) else { return nil }
        while take("||") {
            guard let right = and(depth) else { return nil }
            left = .or(left, right)
        }
        return left
    }

    mutating func and(_ depth: Int) -> SimpleExpression? {
        guard var left = binary(depth, level: 0) else { return nil }
        while take("&&") {
            guard let right = binary(depth, level: 0) else { return nil }
            left = .and(left, right)
        }
        return left
    }

    /// The binary operators by precedence, loosest first.
    static let levels: [[String]] = [["===", "!==", "==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

    mutating func binary(_ depth: Int, level: Int) -> SimpleExpression? {
        guard level < Self.levels.count else { return unary(depth) }
        guard var left = binary(depth, level: level + 1) else { return nil }
        while let op = takeAny(Self.levels[level]) {
            guard let right = binary(depth, level: level + 1),
                  let known = SimpleExpression.BinaryOperator(rawValue: op) else { return nil }
            left = .binary(known, left, right)
        }
        return left
    }

    mutating func unary(_ depth: Int) -> SimpleExpression? {
        guard depth < Self.maximumDepth else { return nil }
        if take("!") { return unary(depth + 1).map(SimpleExpression.not) }
        if take("-") { return unary(depth + 1).map(SimpleExpression.negate) }
        return postfix(depth)
    }

    mutating func postfix(_ depth: Int) -> SimpleExpression? {
        var value: SimpleExpression
        // A name and the steps after it, while they make a plain path.
        var head: String? = nil
        var steps: [PathExpression.Step] = []
        guard at < tokens.count else { return nil }
        let first = tokens[at]
        at += 1
        switch first {
        case .number(let n): value = .number(n)
        case .string(let s): value = .path(.literal(.string(s)))
        case .name("true"): value = .path(.literal(.bool(true)))
        case .name("false"): value = .path(.literal(.bool(false)))
        case .name("null"): value = .path(.literal(.null))
        case .name("Math"):
            // Only `Math.name(…)`: `Math` alone is an object we do not model.
            guard take("."), at < tokens.count, case .name(let name) = tokens[at],
                  BuiltinMethods.mathNames.contains(name) else { return nil }
            at += 1
            guard take("("), let arguments = arguments(depth) else { return nil }
            value = .call(nil, name, arguments)
        case .name(let name):
            guard name == "this" || !PathExpression.jsGlobals.contains(name) else { return nil }
            head = name
            value = .path(.path(head: name, steps: []))
        case .punctuator("("):
            guard let inner = conditional(depth: depth + 1), take(")") else { return nil }
            value = inner
        default:
            return nil
        }
        while at < tokens.count {
            if take(".") {
                guard at < tokens.count, case .name(let member) = tokens[at] else { return nil }
                at += 1
                if take("(") {
                    // Another method is the engine's: the expression is then one for it, whole (and a
                    // loop can hand it over with the others).
                    guard BuiltinMethods.methodNames.contains(member), let arguments = arguments(depth) else { return nil }
                    value = .call(value, member, arguments)
                    head = nil
                } else if let name = head {
                    steps.append(PathExpression.Step(access: .member(member), text: "." + member))
                    value = .path(.path(head: name, steps: steps))
                } else {
                    value = .member(value, .member(member))
                }
            } else if take("[") {
                guard at < tokens.count else { return nil }
                let access: PathExpression.Step.Access
                let text: String
                switch tokens[at] {
                case .number(let n) where n == n.rounded() && n >= 0 && n < 4_294_967_295:
                    access = .index(Int(n))
                    text = "[" + String(Int(n)) + "]"
                case .string(let s):
                    access = .member(s)
                    text = "['" + s + "']"
                default:
                    return nil
                }
                at += 1
                guard take("]") else { return nil }
                if let name = head {
                    steps.append(PathExpression.Step(access: access, text: text))
                    value = .path(.path(head: name, steps: steps))
                } else {
                    value = .member(value, access)
                }
            } else if take("(") {
                return nil // calling anything but a known method
            } else {
                break
            }
        }
        return value
    }

    /// The arguments after `(`, through `)`.
    mutating func arguments(_ depth: Int) -> [SimpleExpression]? {
        var out: [SimpleExpression] = []
        if take(")") { return out }
        while true {
            guard let argument = conditional(depth: depth + 1) else { return nil }
            out.append(argument)
            if take(")") { return out }
            guard take(",") else { return nil }
        }
    }
}
