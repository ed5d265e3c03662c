/// The debugger's recorded moments, oldest first, at most `capacity` of them: recording one more past
/// that drops the oldest, so a long run (`advance 1e9` on a repeating timer) keeps memory bounded.
/// A ring: appending and dropping are constant time; indices count from the oldest kept moment.
struct History<Element> {
    private var storage: [Element] = []
    /// Where the oldest moment is in `storage`; nonzero only while the ring is full.
    private var head = 0
    /// Nil for no limit.
    private(set) var capacity: Int?
    /// How many moments were dropped from the front since the history was last cleared.
    private(set) var dropped = 0

    init(capacity: Int?) {
        self.capacity = capacity.map { max(1, $0) }
    }

    var count: Int { storage.count }
    var isEmpty: Bool { storage.isEmpty }

    subscript(index: Int) -> Element {
        get { storage[physical(index)] }
        set { storage[physical(index)] = newValue }
    }

    private func physical(_ index: Int) -> Int {
        precondition(index >= 0 && index < storage.count, "history index out of range")
        let at = head + index
        return at < storage.count ? at : at - storage.count
    }

    mutating func append(_ element: Element) {
        guard let capacity, storage.count >= capacity else {
            storage.append(element)
            return
        }
        storage[head] = element
        head = head + 1 == storage.count ? 0 : head + 1
        dropped += 1
    }

    /// Forgets every moment after `index`.
    mutating func keepThrough(_ index: Int) {
        guard index + 1 < storage.count else { return }
        straighten()
        storage.removeSubrange((index + 1)...)
    }

    mutating func removeAll() {
        storage.removeAll()
        head = 0
        dropped = 0
    }

    /// Puts the oldest moment first in `storage`, so that the ring can shrink.
    private mutating func straighten() {
        guard head != 0 else { return }
        storage = Array(storage[head...] + storage[..<head])
        head = 0
    }
}
