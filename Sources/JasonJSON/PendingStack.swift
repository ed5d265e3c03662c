/// The members of the containers a parse has open, innermost last. A closing container's members are
/// moved (not copied) into an exactly sized array, so building a value costs no reference counting and
/// no regrowth of its storage.
final class PendingStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func push(_ element: consuming Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    var last: Element { base[count - 1] }

    /// Moves out the elements from `start` to the top.
    func popArray(from start: Int) -> [Element] {
        let n = count - start
        guard n > 0 else { return [] }
        count = start
        return Array(unsafeUninitializedCapacity: n) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: base + start, count: n)
            initialized = n
        }
    }

    func popContiguousArray(from start: Int) -> ContiguousArray<Element> {
        let n = count - start
        guard n > 0 else { return [] }
        count = start
        return ContiguousArray(unsafeUninitializedCapacity: n) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: base + start, count: n)
            initialized = n
        }
    }

    /// Drops the elements from `start` to the top.
    func remove(from start: Int) {
        (base + start).deinitialize(count: count - start)
        count = start
    }

    /// Calls `body` with the elements from `start` to the top, in place.
    func withElements<R>(from start: Int, _ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        body(UnsafeBufferPointer(start: base + start, count: count - start))
    }
}
