import JasonJSON

/// A JavaScript value as a simple expression computes it. Objects and arrays come only from the data
/// and are passed along whole; what would coerce them is left to the engine.
enum SimpleValue {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case object(JSON)

    /// A value from the data; nil for a non-finite number, which reaches JavaScript as null (JSON has
    /// neither), so the engine's treatment decides.
    init?(_ json: JSON) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .number(Double(i))
        case .double(let d):
            guard d.isFinite else { return nil }
            self = .number(d)
        case .string(let s): self = .string(s)
        case .array, .object: self = .object(json)
        }
    }

    init?(_ evaluation: Evaluation) {
        switch evaluation {
        case .value(let json): self.init(json)
        case .undefined: self = .undefined
        case .failed: return nil // the engine words its own errors
        }
    }

    var evaluation: Evaluation {
        switch self {
        case .undefined: .undefined
        case .null: .value(.null)
        case .bool(let b): .value(.bool(b))
        case .number(let d): .value(JSNumber.json(d))
        case .string(let s): .value(.string(s))
        case .object(let json): .value(json)
        }
    }

    /// ToBoolean.
    var isTruthy: Bool {
        switch self {
        case .undefined, .null: false
        case .bool(let b): b
        case .number(let d): d != 0 && !d.isNaN
        case .string(let s): !s.isEmpty
        case .object: true
        }
    }

    /// ToString for a primitive; nil for an object (its own `toString` may say anything).
    var text: String? {
        switch self {
        case .undefined: "undefined"
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let d): JSNumber.format(d)
        case .string(let s): s
        case .object: nil
        }
    }

    var isString: Bool {
        if case .string = self { return true }
        return false
    }

    var isNullish: Bool {
        switch self {
        case .undefined, .null: true
        default: false
        }
    }

    /// `value.name` or `value[i]`, where the answer does not depend on prototypes.
    func member(_ access: PathExpression.Step.Access) -> SimpleValue? {
        switch (self, access) {
        case (.object(let json), _):
            switch PathEvaluator.member(of: json, access, described: { "" }) {
            case .value(let v)?: return SimpleValue(v)
            case .undefined?: return .undefined
            default: return nil
            }
        case (.string(let s), .member("length")):
            return .number(Double(s.utf16.count))
        default:
            return nil
        }
    }
}
