#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JasonJSON

/// What a mixin member (`"@"`, or `"+"` as the reference also reads it) names (spec §1.1): a whole fetched
/// document (`"URL"`), a subtree of one (`"items.0@URL"`), or a subtree of the document being loaded
/// (`"$document.head.styles"`).
package struct MixinReference: Equatable {
    /// The URL as written; nil for `$document`.
    var url: String?
    /// The subtree, as a pointer into the named document.
    var path: JSONPointer
    var written: String

    static let keys = ["@", "+"]

    /// Nil for a string the reference leaves alone: one holding `$` (a template, say) other than a leading
    /// `$document`, or a path that does not parse.
    init?(_ written: String) {
        self.written = written
        let text = written.trimmingBlanks
        if text.hasPrefix("$document") {
            guard let path = Self.pointer(text.dropFirst("$document".count)) else { return nil }
            (url, self.path) = (nil, path)
            return
        }
        guard !text.isEmpty, !text.contains("$") else { return nil }
        if let at = text.firstIndex(of: "@") {
            let url = text[text.index(after: at)...]
            guard !url.isEmpty, let path = Self.pointer("." + text[..<at]) else { return nil }
            (self.url, self.path) = (String(url), path)
        } else {
            (url, path) = (String(text), .root)
        }
    }

    /// The member of `members` that makes an object a mixin, with what it names.
    package static func find(in members: JSONObject) -> (key: String, reference: MixinReference?)? {
        for key in keys {
            if case .string(let written)? = members[key] { return (key, MixinReference(written)) }
        }
        return nil
    }

    /// Whether a mixin member appears anywhere in `json`: most documents have none and skip resolving.
    /// With the document's text at hand, the text is looked at first: without a `"@"` or `"+"` written in
    /// it there is none, and that is found far faster than by walking every object of a large document.
    static func appears(in json: JSON, text: [UInt8]?) -> Bool {
        if let text, !mayAppear(in: text) { return false }
        return appears(in: json)
    }

    /// Whether `"@"` or `"+"` is written somewhere in `text`.
    static func mayAppear(in text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, bytes.count >= 3 else { return false }
            for mark in [UInt8(ascii: "@"), UInt8(ascii: "+")] {
                var at = 1
                while at < bytes.count - 1, let found = memchr(base + at, Int32(mark), bytes.count - 1 - at) {
                    let i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if bytes[i - 1] == UInt8(ascii: "\""), bytes[i + 1] == UInt8(ascii: "\"") { return true }
                    at = i + 1
                }
            }
            return false
        }
    }

    static func appears(in json: JSON) -> Bool {
        switch json {
        case .object(let members):
            if find(in: members)?.reference != nil { return true }
            return members.values.contains(where: appears(in:))
        case .array(let items):
            return items.contains(where: appears(in:))
        default:
            return false
        }
    }

    /// `.a.b[0]["c"]` (JavaScript's member syntax, as the reference evaluates it) as a pointer; nil when
    /// it is not that.
    static func pointer(_ text: Substring) -> JSONPointer? {
        var pointer = JSONPointer.root
        var rest = text
        while let first = rest.first {
            if first == "." {
                rest.removeFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                pointer = pointer.appending(String(name))
                rest.removeFirst(name.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                var inside = rest[rest.index(after: rest.startIndex)..<close]
                if let quote = inside.first, quote == "\"" || quote == "'" {
                    guard inside.count >= 2, inside.last == quote else { return nil }
                    inside = inside.dropFirst().dropLast()
                } else if Int(inside) == nil {
                    return nil
                }
                pointer = pointer.appending(String(inside))
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        return pointer
    }
}

extension String {
    var trimmingBlanks: Substring {
        let text = self[...]
        guard let start = text.firstIndex(where: { $0 != " " }) else { return text[text.endIndex...] }
        let end = text.lastIndex(where: { $0 != " " })!
        return text[start...end]
    }
}
