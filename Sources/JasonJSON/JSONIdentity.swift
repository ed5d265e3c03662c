// Identity of JSON values, for caches that must not compare large values.
extension JSON {
    /// True when `other` is this very value: equal scalars and strings, or the same array or object
    /// storage. Cheap whatever the size; false for equal values built separately.
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
        default:
            return self == other
        }
    }
}
