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

/// Where `$global`, `$session` and each view's `$cache` are kept: in files (`Stores.files(in:)`, which
/// outlive the run) or in memory, as part of the run's state (so that going back in time restores them).
public struct Stores: Sendable {
    /// Nil: kept in memory.
    public var global: (any KeyValueStore)?
    public var session: (any KeyValueStore)?
    /// The `$cache` of the view at a URL (lower-cased, as on iOS); nil: every cache in memory.
    public var cache: (@Sendable (String) -> any KeyValueStore)?
    /// What the stores kept in memory start with, by name (`$global`, `$session`, `cache URL`).
    package var initial: [String: JSONObject] = [:]

    public init(global: (any KeyValueStore)?, session: (any KeyValueStore)?,
                cache: (@Sendable (String) -> any KeyValueStore)?) {
        self.global = global
        self.session = session
        self.cache = cache
    }

    /// Stores that forget everything when the run ends; `global` is what `$global` starts with.
    public static func inMemory(global: JSONObject = [:]) -> Stores {
        var stores = Stores(global: nil, session: nil, cache: nil)
        if !global.isEmpty { stores.initial[StoreName.global] = global }
        return stores
    }

    /// Whether every store lives in memory, so that a snapshot restores them all.
    package var allInMemory: Bool { global == nil && session == nil && cache == nil }

    /// The file store behind `name`, or nil when that store lives in memory.
    func file(_ name: String) -> (any KeyValueStore)? {
        switch name {
        case StoreName.global: global
        case StoreName.session: session
        default: cache.map { $0(String(name.dropFirst(StoreName.cachePrefix.count))) }
        }
    }
}

/// The names of the stores in the run's state.
enum StoreName {
    static let global = "$global"
    static let session = "$session"
    static let cachePrefix = "cache "
    static func cache(_ url: String) -> String { cachePrefix + url }
}
