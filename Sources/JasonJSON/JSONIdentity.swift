// Identity of JSON values, for caches that must not compare large values.
extension JSON {
    /// True when `other` is this very value: scalars and strings with the same bits, or the same array
    /// or object storage. Cheap whatever the size; false for equal values built separately.
    package func isIdentical(to other: JSON) -> Bool {
        switch (self, other) {
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            if a.isEmpty { return true }
            return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            if a.isEmpty { return true }
            return a.values.withUnsafeBufferPointer { x in
                b.values.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress }
            }
        case (.array, _), (.object, _), (_, .array), (_, .object):
            return false
        // Swift's `==` equates canonically equivalent text and 0 with -0; JavaScript tells both apart.
        case (.string(let a), .string(let b)):
            return a.utf8.elementsEqual(b.utf8)
        case (.double(let a), .double(let b)):
            return a.bitPattern == b.bitPattern
        default:
            return self == other
        }
    }
}

extension JSONObject {
    /// The same keys in the same order, each with this very value: how an object rebuilt from unchanged
    /// parts (a view's template data, say) is told apart from a changed one, without hashing a key.
    package func hasIdenticalMembers(_ other: JSONObject) -> Bool {
        guard count == other.count else { return false }
        let (keys, otherKeys, values, otherValues) = (self.keys, other.keys, self.values, other.values)
        for i in 0..<count where !keys[i].utf8.elementsEqual(otherKeys[i].utf8) || !values[i].isIdentical(to: otherValues[i]) {
            return false
        }
        return true
    }
}
