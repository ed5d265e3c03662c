/// An RFC 6901 JSON pointer such as `/$jason/head/actions/$load`. The empty pointer names the whole document.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
    public private(set) var description: String

    public init() { description = "" }

    /// Takes pointer text as written (already escaped).
    public init(_ text: String) { description = text }

    public static let root = JSONPointer()

    public func appending(_ key: String) -> JSONPointer {
        var copy = self
        copy.description += "/" + Self.escape(key)
        return copy
    }

    public func appending(_ index: Int) -> JSONPointer {
        var copy = self
        copy.description += "/" + String(index)
        return copy
    }

    /// The unescaped reference tokens.
    public var tokens: [String] {
        guard !description.isEmpty else { return [] }
        return description.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    package static func escape(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// Whether this pointer names `other` or one of its ancestors.
    package func isPrefix(of other: JSONPointer) -> Bool {
        description.isEmpty || other.description == description || other.description.hasPrefix(description + "/")
    }

    /// `other`, which lies under this pointer, moved under `base` instead.
    package func rebase(_ other: JSONPointer, onto base: JSONPointer) -> JSONPointer {
        JSONPointer(base.description + other.description.dropFirst(description.count))
    }

    public static func < (a: JSONPointer, b: JSONPointer) -> Bool { a.description < b.description }
}

extension JSON {
    /// The value a pointer names, or nil when there is none.
    public func value(at pointer: JSONPointer) -> JSON? {
        var node = self
        for token in pointer.tokens {
            switch node {
            case .object(let o):
                guard let next = o[token] else { return nil }
                node = next
            case .array(let a):
                guard let i = Int(token), a.indices.contains(i) else { return nil }
                node = a[i]
            default:
                return nil
            }
        }
        return node
    }
}
