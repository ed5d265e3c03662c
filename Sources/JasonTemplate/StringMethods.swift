/// String methods that work on UTF-16 units (positions, slices, searches), so they give JavaScript's
/// answer for any text. A slice that would cut a surrogate pair is left to the engine: Swift's strings
/// cannot hold half a pair, and joining two halves again must give the character back.
enum StringMethods {
    static let names: Set<String> = ["slice", "substring", "charAt", "indexOf", "includes", "startsWith", "endsWith"]

    static func call(_ name: String, on s: String, _ arguments: [SimpleValue]) -> SimpleValue? {
        let units = Array(s.utf16)
        let length = Double(units.count)
        switch name {
        case "slice":
            guard let start = position(arguments, 0, or: 0), let end = position(arguments, 1, or: length) else { return nil }
            let from = relative(start, length), to = relative(end, length)
            return text(units, from, max(from, to))
        case "substring":
            guard let start = position(arguments, 0, or: 0), let end = position(arguments, 1, or: length) else { return nil }
            let a = clamp(start, length), b = clamp(end, length)
            return text(units, min(a, b), max(a, b))
        case "charAt":
            guard let at = position(arguments, 0, or: 0) else { return nil }
            guard at >= 0, at < length else { return .string("") }
            return text(units, Int(at), Int(at) + 1)
        case "indexOf", "includes":
            guard let search = searched(arguments), let from = position(arguments, 1, or: 0) else { return nil }
            let found = firstIndex(of: search, in: units, from: clamp(from, length))
            return name == "includes" ? .bool(found != nil) : .number(Double(found ?? -1))
        case "startsWith":
            guard let search = searched(arguments), let from = position(arguments, 1, or: 0) else { return nil }
            let start = clamp(from, length)
            return .bool(start + search.count <= units.count && units[start..<(start + search.count)].elementsEqual(search))
        case "endsWith":
            guard let search = searched(arguments), let to = position(arguments, 1, or: length) else { return nil }
            let end = clamp(to, length)
            return .bool(end - search.count >= 0 && units[(end - search.count)..<end].elementsEqual(search))
        default:
            return nil
        }
    }

    /// Argument `i` as ToIntegerOrInfinity gives it; `fallback` when absent or undefined; nil for a type
    /// that would need a coercion.
    static func position(_ arguments: [SimpleValue], _ i: Int, or fallback: Double) -> Double? {
        guard i < arguments.count else { return fallback }
        switch arguments[i] {
        case .undefined: return fallback
        case .number(let x): return x.isNaN ? 0 : x.rounded(.towardZero)
        default: return nil
        }
    }

    /// The first argument when it is a string (anything else is converted, or refused for a RegExp).
    static func searched(_ arguments: [SimpleValue]) -> [UInt16]? {
        guard case .string(let s)? = arguments.first else { return nil }
        return Array(s.utf16)
    }

    /// A position counted from the end when negative, within 0…length.
    static func relative(_ x: Double, _ length: Double) -> Int {
        Int(x < 0 ? max(length + x, 0) : min(x, length))
    }

    static func clamp(_ x: Double, _ length: Double) -> Int { Int(min(max(x, 0), length)) }

    /// The units from..<to as a string; nil when that would cut a surrogate pair.
    static func text(_ units: [UInt16], _ from: Int, _ to: Int) -> SimpleValue? {
        let part = units[from..<to]
        let made = String(decoding: part, as: UTF16.self)
        return made.utf16.elementsEqual(part) ? .string(made) : nil
    }

    static func firstIndex(of search: [UInt16], in units: [UInt16], from: Int) -> Int? {
        guard search.count <= units.count else { return nil }
        var i = from
        while i + search.count <= units.count {
            if units[i..<(i + search.count)].elementsEqual(search) { return i }
            i += 1
        }
        return nil
    }
}
