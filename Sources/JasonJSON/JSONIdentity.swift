// Identity of JSON values, for caches that must not compare large values.

/// An object's names and values, as buffers over its own storage.
package typealias ObjectBuffers = (names: UnsafeBufferPointer<String>, values: UnsafeBufferPointer<JSON>)

extension JSON {
    /// `isIdentical` for values where they lie, told without copying an array or object (a copy retains
    /// every storage it holds): the very same bits (the same case, storage or scalar), else the same text
    /// or number. An array or object in other storage counts as changed, even an empty one or an object
    /// sharing another's values, which `isIdentical` counts as the same: at worst a caller converts again
    /// a value it could have kept.
    package static func identical(_ a: UnsafePointer<JSON>, _ b: UnsafePointer<JSON>) -> Bool {
        if sameBits(UnsafeRawPointer(a), UnsafeRawPointer(b)) { return true }
        // Numbers told apart where they lie (a counter's new value, at every `$set` of a loop): the general
        // comparison below copies both values into a pair first.
        if case .int(let x) = a.pointee, case .int(let y) = b.pointee { return x == y }
        if case .double(let x) = a.pointee, case .double(let y) = b.pointee { return x.bitPattern == y.bitPattern }
        if a.pointee.isContainer || b.pointee.isContainer { return false }
        return a.pointee.isIdentical(to: b.pointee)
    }

    private var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    @inline(__always)
    private static func sameBits(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let size = MemoryLayout<JSON>.size
        var offset = 0
        while offset + 8 <= size {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < size {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }

    /// True when `other` is this very value: scalars and strings with the same bits, or the same array
    /// or object storage. Cheap whatever the size; false for equal values built separately.
    package func isIdentical(to other: JSON) -> Bool {
        switch (self, other) {
        case (.array(let a), .array(let b)):
            return a.count == b.count && (a.isEmpty || storageAddress == other.storageAddress)
        case (.object(let a), .object(let b)):
            return a.isSameStorage(as: b)
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

extension JSON {
    /// The names and values of the object at `p`, as buffers over its own storage; nil when it is no
    /// object. Nothing is copied: bound and read with no call in between, the object is not retained
    /// (held across calls, as a caller comparing two objects member by member holds them, it was copied
    /// whole, one retain and release per storage). The buffers are good while the value at `p` is
    /// neither changed nor destroyed.
    @inline(__always)
    package static func objectStorage(_ p: UnsafePointer<JSON>)
        -> ObjectBuffers? {
        guard case .object(let members) = p.pointee else { return nil }
        return members.storage
    }

    /// The member `name` of the object at `p`, where it lies (`JSONObject.storedMember`); nil when `p`
    /// holds no object too. Good while the value at `p` is neither changed nor destroyed.
    package static func member(_ name: String, of p: UnsafePointer<JSON>) -> UnsafePointer<JSON>? {
        objectStorage(p).flatMap { JSONObject.find(name, in: $0) }
    }

    /// Where a non-empty array's or object's elements are stored: shared by every copy of it, and new for
    /// any changed one. Nil for other values and for empty containers (which may share one storage).
    package var storageAddress: UInt? {
        switch self {
        case .array(let items) where !items.isEmpty:
            items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        case .object(let members) where !members.isEmpty:
            members.values.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        default:
            nil
        }
    }
}

extension JSONObject {
    /// The most members `storedMember` compares one by one.
    package static var scannedMembers: Int { 32 }

    /// Where the member `name` lies in this object's storage, found by comparing names in order; nil when
    /// there is none, or when the object has more than `scannedMembers` (`index(forKey:)` hashes, and
    /// that copied the object: a caller then looks it up that way). Good while the object is neither
    /// changed nor destroyed.
    package func storedMember(_ name: String) -> UnsafePointer<JSON>? {
        Self.find(name, in: storage)
    }

    /// The names' and values' buffers over this object's own storage (see `JSON.objectStorage`).
    @inline(__always)
    var storage: ObjectBuffers {
        (keys.withContiguousStorageIfAvailable { $0 } ?? UnsafeBufferPointer(start: nil, count: 0),
         values.withUnsafeBufferPointer { $0 })
    }

    @inline(__always)
    static func find(_ name: String, in storage: ObjectBuffers) -> UnsafePointer<JSON>? {
        guard storage.names.count <= scannedMembers, let base = storage.values.baseAddress else { return nil }
        for at in storage.names.indices where storage.names[at] == name { return base + at }
        return nil
    }

    /// The very same storage (or both empty): an object that has not changed since, told without looking
    /// at a member. Objects with equal members built apart count as different.
    package func isSameStorage(as other: JSONObject) -> Bool {
        guard count == other.count else { return false }
        if isEmpty { return true }
        return values.withUnsafeBufferPointer { mine in
            other.values.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }

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
