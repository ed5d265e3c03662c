import Foundation
import JasonJSON
import JasonRuntime
#if canImport(Glibc)
import Glibc
#endif

/// A store kept in one JSON file. Every change is read-modify-write under an exclusive `flock` on the lock
/// file of its state directory, and the new contents are written to a temporary file, `fsync`ed and
/// renamed over the old one, so other processes lose no update and a crash never leaves a half-written
/// store. Temporary files exist only while the lock is held, so any found under the lock are left over
/// from a killed process (`Stores.files` removes them).
public final class FileStore: KeyValueStore {
    package let path: String
    /// The lock file, one per state directory (not one per store, which left a file per flow ever run).
    package let lockPath: String

    public init(path: String, lockPath: String? = nil) {
        self.path = path
        self.lockPath = lockPath ?? (path as NSString).deletingLastPathComponent + "/.lock"
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

    /// The stored value; a file that is not a JSON object is moved aside (never deleted) and reported. A
    /// link, a FIFO or anything but a regular file is refused, not followed.
    func read() throws(StoreError) -> StoreContents {
        switch LocalFile.read(path, maximumSize: Int.max, followLinks: false) {
        case .failure(let problem) where problem.isMissing:
            return StoreContents(value: [:])
        case .failure(let problem):
            throw StoreError(problem.description + "; jasonrun follows no link inside its state folder")
        case .success(let bytes):
            if let value = try? JSONParser.parse(String(decoding: bytes, as: UTF8.self)), case .object(let object) = value {
                return StoreContents(value: object)
            }
        }
        let aside = path + ".damaged-\(Int(Date().timeIntervalSince1970))-\(getpid())"
        guard rename(path, aside) == 0 else { throw StoreError("\(path) is damaged and could not be moved aside") }
        return StoreContents(value: [:], notice: "\(path) was not a JSON object; it was moved to \(aside) and the store starts empty")
    }

    func write(_ value: JSONObject) throws(StoreError) {
        let bytes = Array(JSONPrinter.pretty(.object(value)).utf8) + [0x0A]
        do { try LocalFile.writePrivately(bytes, to: path) } catch { throw StoreError(error.description) }
    }

    /// `NAME.json.tmp-XXXX`, as `LocalFile.writePrivately` names them (XXXX was a process id in older
    /// versions, a random word now).
    static func isTemporary(_ name: String) -> Bool {
        guard let mark = name.range(of: ".json" + LocalFile.temporaryMark, options: .backwards) else { return false }
        let suffix = name[mark.upperBound...]
        return !suffix.isEmpty && suffix.allSatisfy { $0.isASCII && ($0.isNumber || $0.isLetter) }
    }

    func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try Self.locked(lockPath, path: path, body)
    }

    /// Runs `body` under the state folder's lock. The folder is checked (and made, 0700) first; the lock
    /// file is made 0600 and never opened through a link.
    static func locked<T>(_ lockPath: String, path: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let folder = LocalFile.directory(of: lockPath)
        try StateFolder.prepare(folder)
        let storeFolder = LocalFile.directory(of: path)
        if storeFolder != folder { try StateFolder.prepareInner(storeFolder) }
        let fd = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP {
                throw StoreError("\(lockPath) is a symbolic link; jasonrun follows no link inside its state folder (remove it)")
            }
            throw StoreError("cannot lock \(path): \(LocalFile.reason())")
        }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw StoreError("cannot lock \(path): \(LocalFile.reason())") }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}

extension Stores {
    /// Stores kept as JSON files in `directory`: `global.json`, `session.json`, `cache/<url>.json`, with one
    /// lock file, `.lock`. Opening them removes what killed processes left behind.
    public static func files(in directory: String) -> Stores {
        let lock = directory + "/.lock"
        FileStore.removeLeftovers(in: directory, lock: lock)
        return Stores(global: FileStore(path: directory + "/global.json", lockPath: lock),
                      session: FileStore(path: directory + "/session.json", lockPath: lock)) { url in
            // Readable, and unique thanks to a stable hash of the whole URL (FNV-1a).
            let readable = url.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? String($0) : "_" }.joined()
            let hash = url.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            return FileStore(path: directory + "/cache/" + String(readable.suffix(100)) + "-" + String(hash, radix: 16) + ".json",
                             lockPath: lock)
        }
    }

    /// `$XDG_STATE_HOME/jasonrun`, else `~/.local/state/jasonrun`.
    public static var defaultDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/jasonrun" }
        return NSHomeDirectory() + "/.local/state/jasonrun"
    }
}

extension FileStore {
    /// Under the directory's lock: temporary files of writers that were killed, and the per-store lock files
    /// of earlier versions, are removed, and files older versions left readable by others are made private.
    /// Nothing else is touched; a directory that cannot be locked (or is refused) is left as it is.
    static func removeLeftovers(in directory: String, lock: String) {
        guard FileManager.default.fileExists(atPath: directory) else { return }
        _ = try? locked(lock, path: lock) { () throws(StoreError) in
            StateFolder.tighten(lock)
            for folder in [directory, directory + "/cache"] {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                    if isTemporary(name) || name.hasSuffix(".json.lock") {
                        unlink(folder + "/" + name)
                    } else if name.hasSuffix(".json") {
                        StateFolder.tighten(folder + "/" + name)
                    }
                }
            }
            var info = stat()
            if lstat(directory + "/cache", &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_mode & 0o077 != 0 {
                chmod(directory + "/cache", 0o700)
            }
        }
    }
}
