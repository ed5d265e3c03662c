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

    public func update(_ change: (inout JSONObject) -> Void) throws(StoreError) -> JSONObject {
        contents.withLock { value in
            change(&value)
            return value
        }
    }
}

/// Where `$global`, `$session` and each view's `$cache` are kept.
public struct Stores: Sendable {
    public var global: any KeyValueStore
    public var session: any KeyValueStore
    /// The `$cache` of the view at a URL (lower-cased, as on iOS).
    public var cache: @Sendable (String) -> any KeyValueStore

    public init(global: any KeyValueStore, session: any KeyValueStore,
                cache: @escaping @Sendable (String) -> any KeyValueStore) {
        self.global = global
        self.session = session
        self.cache = cache
    }

    /// Stores that forget everything when the run ends.
    public static func inMemory() -> Stores {
        let caches = Mutex<[String: MemoryStore]>([:])
        return Stores(global: MemoryStore(), session: MemoryStore()) { url in
            caches.withLock { all in
                if let store = all[url] { return store }
                let store = MemoryStore()
                all[url] = store
                return store
            }
        }
    }
}
