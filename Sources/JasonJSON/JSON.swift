@_exported import OrderedCollections

/// An object's members in the order they were written (JSON and JavaScript keep it; so do we).
public typealias JSONObject = OrderedDictionary<String, JSON>

/// A JSON value. Integers and doubles stay distinct so that `1` prints back as `1` and `1.5` as `1.5`.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)
}

extension JSON {
    package static let emptyObject = JSON.object([:])

    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A number as a Double (integers too); nil for anything else.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// True for `{}`: the reference treats an empty dictionary as "no value" (spec R17).
    package var isEmptyObject: Bool {
        if case .object(let o) = self { return o.isEmpty }
        return false
    }

    /// The name JavaScript's `typeof`-like checks and our messages use.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// JavaScript truthiness: `false`, `0`, `NaN`, `""` and `null` are falsy; every object and array is truthy.
    package var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .int(let i): i != 0
        case .double(let d): d != 0 && !d.isNaN
        case .string(let s): !s.isEmpty
        case .array, .object: true
        }
    }

    public subscript(key: String) -> JSON? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    public subscript(index: Int) -> JSON? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }

    /// True when any string inside (keys included) contains `{{`, i.e. the value needs template rendering.
    package var containsTemplateMarker: Bool {
        switch self {
        case .string(let s): s.hasTemplateMarker
        case .array(let a): a.contains { $0.containsTemplateMarker }
        // Names and values apart: iterating the members made a (name, value) pair of each.
        case .object(let o): o.keys.contains { $0.hasTemplateMarker } || o.values.contains { $0.containsTemplateMarker }
        case .null, .bool, .int, .double: false
        }
    }
}

extension String {
    /// `contains("{{")`, byte by byte: the interpreter asks it of every rendered option and a check of
    /// every string, and the generic substring search (Foundation's, on Linux) was a measurable part of both.
    package var hasTemplateMarker: Bool {
        // A name like `n` or `id` cannot hold one; its count is at hand, and the walk below is not free.
        if utf8.count < 2 { return false }
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "{") && previous == UInt8(ascii: "{") { return true }
            previous = byte
        }
        return false
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements, uniquingKeysWith: { _, last in last }))
    }
}
