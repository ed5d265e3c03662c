import JasonJSON
import Synchronization

/// A persistent dictionary: `$global`, `$session`, or one view's `$cache` (R30).
public protocol KeyValueStore: Sendable {
    /// The stored dictionary. A store whose file is damaged sets the file aside and says so in `notice`.
    func load() throws(StoreError) -> StoreContents
    /// Reads, changes and writes the dictionary as one step, so that writers in other processes lose
    /// nothing; returns the dictionary as written.
    func update(_ change: (inout JSONObject) -> Void) throws(StoreError) -> JSONObject
}

public struct StoreContents: Sendable {
    public var value: JSONObject
    /// Set when something had to be done to read it (a damaged file moved aside).
    public var notice: String?

    public init(value: JSONObject, notice: String? = nil) {
        self.value = value
        self.notice = notice
    }
}

public struct StoreError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A store that lives only as long as the run (`--no-persist`, tests).
public final class MemoryStore: KeyValueStore {
    private let contents: Mutex<JSONObject>

    public init(_ initial: JSONObject = [:]) {
        contents = Mutex(initial)
    }

    public func load() throws(StoreError) -> StoreContents { StoreContents(value: contents.withLock { $0 }) }

    var saved: JSONObject {
        get { contents.withLock { $0 } }
        set {
            contents.withLock { $0 = newValue }
            written.add(1, ordering: .relaxed)
        }
    }

    public func update(_ change: (inout JSONObject) -> Void) throws(StoreError) -> JSONObject {
        contents.withLock { value in
            change(&value)
            written.add(1, ordering: .relaxed)
            return value
        }
    }

    private let written = Atomic(0)
    /// How many writes it has had (restoring a snapshot counts as one).
    var writes: Int { written.load(ordering: .relaxed) }
}

/// Where `$global`, `$session` and each view's `$cache` are kept.
public struct Stores: Sendable {
    public var global: any KeyValueStore
    public var session: any KeyValueStore
    /// The `$cache` of the view at a URL (lower-cased, as on iOS).
    public var cache: @Sendable (String) -> any KeyValueStore
    /// Set when every store lives in memory: their contents can then be saved and restored with the
    /// rest of a run's state (time travel).
    var memory: MemoryStores?

    public init(global: any KeyValueStore, session: any KeyValueStore,
                cache: @escaping @Sendable (String) -> any KeyValueStore) {
        self.global = global
        self.session = session
        self.cache = cache
    }

    /// Stores that forget everything when the run ends.
    public static func inMemory() -> Stores {
        let memory = MemoryStores()
        var stores = Stores(global: memory.global, session: memory.session, cache: memory.cache)
        stores.memory = memory
        return stores
    }
}

/// The stores of a run kept in memory: `$global`, `$session` and a `$cache` per URL.
final class MemoryStores: Sendable {
    let global = MemoryStore()
    let session = MemoryStore()
    private let caches = Mutex<[String: MemoryStore]>([:])

    func cache(_ url: String) -> any KeyValueStore {
        caches.withLock { all in
            if let store = all[url] { return store }
            let store = MemoryStore()
            all[url] = store
            return store
        }
    }

    /// The last contents handed out and the writes they reflect: while nothing is written, snapshots
    /// share one dictionary instead of making one each.
    private let last = Mutex<(writes: Int, contents: [String: JSONObject])?>(nil)

    private var writes: Int {
        global.writes + session.writes + caches.withLock { $0.values.reduce(0) { $0 + $1.writes } }
    }

    /// Every store's contents, by name (`$global`, `$session`, or the cache's URL).
    var saved: [String: JSONObject] {
        get {
            let writes = writes
            if let last = last.withLock({ $0 }), last.writes == writes { return last.contents }
            var contents = ["$global": global.saved, "$session": session.saved]
            for (url, store) in caches.withLock({ $0 }) { contents["cache " + url] = store.saved }
            last.withLock { $0 = (writes, contents) }
            return contents
        }
        set {
            global.saved = newValue["$global"] ?? [:]
            session.saved = newValue["$session"] ?? [:]
            caches.withLock { all in
                for (url, store) in all { store.saved = newValue["cache " + url] ?? [:] }
            }
        }
    }
}
