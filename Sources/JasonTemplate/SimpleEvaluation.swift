import JasonJSON

extension SimpleExpression {
    /// The value as JavaScript would give it, or nil when the engine must decide. `methods`: built-in
    /// methods may be answered here (no script has had the chance to replace them).
    func evaluate(in scope: Scope, methods: Bool) -> Evaluation? {
        value(in: scope, methods: methods)?.evaluation
    }

    func value(in scope: Scope, methods: Bool) -> SimpleValue? {
        switch self {
        case .path(let path):
            // A primitive `this` is boxed in JavaScript: an object, truthy and never `===` a primitive.
            if case .path(head: "this", _) = path, !scope.this.isObjectLike { return nil }
            return PathEvaluator.evaluate(path, in: scope).flatMap(SimpleValue.init)
        case .number(let n):
            return .number(n)
        case .member(let base, let access):
            return base.value(in: scope, methods: methods)?.member(access)
        case .call(let receiver, let name, let arguments):
            guard methods else { return nil }
            var base: SimpleValue? = nil
            if let receiver {
                guard let value = receiver.value(in: scope, methods: methods) else { return nil }
                base = value
            } else if scope.lookup("Math") != nil || !scope.this.isObjectLike {
                return nil // `Math` is a name in the data (with(this) finds it first), or prototypes are in play
            }
            var values: [SimpleValue] = []
            for argument in arguments {
                guard let value = argument.value(in: scope, methods: methods) else { return nil }
                values.append(value)
            }
            if let base { return BuiltinMethods.call(name, on: base, values) }
            return BuiltinMethods.math(name, values)
        case .not(let operand):
            return operand.value(in: scope, methods: methods).map { .bool(!$0.isTruthy) }
        case .negate(let operand):
            guard case .number(let x)? = operand.value(in: scope, methods: methods) else { return nil }
            return .number(-x)
        case .binary(let op, let left, let right):
            guard let a = left.value(in: scope, methods: methods),
                  let b = right.value(in: scope, methods: methods) else { return nil }
            return Self.apply(op, a, b)
        case .and(let left, let right):
            guard let a = left.value(in: scope, methods: methods) else { return nil }
            return a.isTruthy ? right.value(in: scope, methods: methods) : a
        case .or(let left, let right):
            guard let a = left.value(in: scope, methods: methods) else { return nil }
            return a.isTruthy ? a : right.value(in: scope, methods: methods)
        case .conditional(let test, let yes, let no):
            guard let t = test.value(in: scope, methods: methods) else { return nil }
            return (t.isTruthy ? yes : no).value(in: scope, methods: methods)
        }
    }

    /// One operator on two values: numbers by IEEE arithmetic (JavaScript's), strings joined and compared
    /// unit by UTF-16 unit, and the equalities whose answer needs no coercion. Anything else is nil.
    static func apply(_ op: BinaryOperator, _ a: SimpleValue, _ b: SimpleValue) -> SimpleValue? {
        if case .number(let x) = a, case .number(let y) = b { return numbers(op, x, y) }
        switch op {
        case .plus:
            // A string on either side makes it a join, both sides through ToString.
            guard a.isString || b.isString, let x = a.text, let y = b.text else { return nil }
            return .string(x + y)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case .string(let x) = a, case .string(let y) = b else { return nil }
            let before = x.utf16.lexicographicallyPrecedes(y.utf16), after = y.utf16.lexicographicallyPrecedes(x.utf16)
            switch op {
            case .less: return .bool(before)
            case .lessOrEqual: return .bool(!after)
            case .greater: return .bool(after)
            default: return .bool(!before)
            }
        case .strictEqual, .strictNotEqual, .looseEqual, .looseNotEqual:
            let loose = op == .looseEqual || op == .looseNotEqual
            guard let same = equal(a, b, loose: loose) else { return nil }
            return .bool(op == .strictEqual || op == .looseEqual ? same : !same)
        default:
            return nil
        }
    }

    static func numbers(_ op: BinaryOperator, _ x: Double, _ y: Double) -> SimpleValue {
        switch op {
        case .plus: .number(x + y)
        case .minus: .number(x - y)
        case .times: .number(x * y)
        case .divide: .number(x / y)
        case .remainder: .number(x.truncatingRemainder(dividingBy: y))
        case .less: .bool(x < y)
        case .lessOrEqual: .bool(x <= y)
        case .greater: .bool(x > y)
        case .greaterOrEqual: .bool(x >= y)
        case .looseEqual, .strictEqual: .bool(x == y)
        case .looseNotEqual, .strictNotEqual: .bool(x != y)
        }
    }

    /// Equality of two values that are not both numbers; nil when it takes a coercion or an identity.
    static func equal(_ a: SimpleValue, _ b: SimpleValue, loose: Bool) -> Bool? {
        switch (a, b) {
        case (.object, .object):
            return nil // the same object or not: identity, which the data does not keep
        case (.object, _), (_, .object):
            // Strictly, an object equals no primitive; loosely, it is converted first, except against
            // null and undefined, which equal only each other.
            if !loose || a.isNullish || b.isNullish { return false }
            return nil
        case (.string(let x), .string(let y)): return x.utf16.elementsEqual(y.utf16)
        case (.bool(let x), .bool(let y)): return x == y
        case (.undefined, .undefined), (.null, .null): return true
        case (.undefined, .null), (.null, .undefined): return loose
        default:
            // Different types: never strictly equal; loosely, null and undefined equal nothing else,
            // and other mixes are coerced to numbers first (the engine's).
            if !loose || a.isNullish || b.isNullish { return false }
            return nil
        }
    }
}

extension JSON {
    var isObjectLike: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
