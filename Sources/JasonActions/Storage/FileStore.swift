import Foundation
import JasonJSON
import JasonRuntime
#if canImport(Glibc)
import Glibc
#endif

/// A store kept in one JSON file. Every change is read-modify-write under an exclusive `flock` on a lock
/// file beside it, and the new contents are written to a temporary file, `fsync`ed and renamed over the
/// old one, so other processes lose no update and a crash never leaves a half-written store.
public final class FileStore: KeyValueStore {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public func load() throws(StoreError) -> StoreContents {
        try locked { () throws(StoreError) in try read() }
    }

    public func update(_ change: (inout JSONObject) -> Void) throws(StoreError) -> JSONObject {
        try locked { () throws(StoreError) in
            let current = try read()
            if let notice = current.notice { throw StoreError(notice + "; nothing was written") }
            var value = current.value
            change(&value)
            try write(value)
            return value
        }
    }

    /// The stored value; a file that is not a JSON object is moved aside (never deleted) and reported.
    func read() throws(StoreError) -> StoreContents {
        guard let data = FileManager.default.contents(atPath: path) else { return StoreContents(value: [:]) }
        if let value = try? JSONParser.parse(String(decoding: data, as: UTF8.self)), case .object(let object) = value {
            return StoreContents(value: object)
        }
        let aside = path + ".damaged-\(Int(Date().timeIntervalSince1970))-\(getpid())"
        guard rename(path, aside) == 0 else { throw StoreError("\(path) is damaged and could not be moved aside") }
        return StoreContents(value: [:], notice: "\(path) was not a JSON object; it was moved to \(aside) and the store starts empty")
    }

    func write(_ value: JSONObject) throws(StoreError) {
        let temporary = path + ".tmp-\(getpid())"
        let bytes = Array(JSONPrinter.pretty(.object(value)).utf8) + [0x0A]
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw StoreError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            written += n
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw StoreError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let directory = open((path as NSString).deletingLastPathComponent, O_RDONLY)
        if directory >= 0 { fsync(directory); close(directory) }
    }

    func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fd = open(path + ".lock", O_RDWR | O_CREAT, 0o644)
        guard fd >= 0 else { throw StoreError("cannot lock \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw StoreError("cannot lock \(path): \(String(cString: strerror(errno)))") }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}

extension Stores {
    /// Stores kept as JSON files in `directory`: `global.json`, `session.json`, `cache/<url>.json`.
    public static func files(in directory: String) -> Stores {
        Stores(global: FileStore(path: directory + "/global.json"),
               session: FileStore(path: directory + "/session.json")) { url in
            // Readable, and unique thanks to a stable hash of the whole URL (FNV-1a).
            let readable = url.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? String($0) : "_" }.joined()
            let hash = url.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            return FileStore(path: directory + "/cache/" + String(readable.suffix(100)) + "-" + String(hash, radix: 16) + ".json")
        }
    }

    /// `$XDG_STATE_HOME/jasonrun`, else `~/.local/state/jasonrun`.
    public static var defaultDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/jasonrun" }
        return NSHomeDirectory() + "/.local/state/jasonrun"
    }
}
