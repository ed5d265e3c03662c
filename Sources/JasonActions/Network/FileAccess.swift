import JasonRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which local files a run may read through `file://` URLs, and how large they may be. On the phone
/// `file://` meant the app bundle; here it means the folder of the first document and below (plus the
/// folders given with `--allow-read`), so that a flow cannot read `/etc/passwd` and post it elsewhere.
public struct FileAccess: Sendable {
    /// Real paths (symlinks resolved) of the folders that may be read; nil lets any file be read.
    package var folders: [String]?
    /// Files larger than this are refused before they are read (the same default as HTTP responses).
    package var maximumSize: Int

    public static let defaultMaximumSize = LocalFile.defaultMaximumSize

    /// `folders` are resolved now; one that does not exist is left out.
    public init(folders: [String]?, maximumSize: Int = FileAccess.defaultMaximumSize) {
        self.folders = folders.map { $0.compactMap(Self.realPath) }
        self.maximumSize = maximumSize
    }

    /// Every file, as large as the limit allows (embedders and tests that want the old behaviour).
    public static let anywhere = FileAccess(folders: nil)

    package struct Refusal: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The bytes of the file at `path` if it may be read: its real path lies inside an allowed folder (so
    /// neither `..` nor a symlink leads out), it is a regular file, and it is not larger than the limit.
    package func contents(of path: String) -> Result<[UInt8], Refusal> {
        guard let real = Self.realPath(path) else { return .failure(Refusal(description: "no such file: \(path)")) }
        if let folders, !folders.contains(where: { Self.contains(folder: $0, real) }) {
            let allowed = folders.isEmpty ? "no folder may be read" : "only " + folders.joined(separator: ", ") + " may be read"
            return .failure(Refusal(description:
                "\(path) is outside the folders this flow may read (\(allowed); widen with --allow-read DIR)"))
        }
        return Self.readCapped(real, maximumSize: maximumSize)
    }

    /// Reads a regular file whose size is checked before reading (and again while reading, for files such as
    /// those of /proc that do not know their size). A FIFO or a device is refused without waiting on it.
    package static func readCapped(_ path: String, maximumSize: Int) -> Result<[UInt8], Refusal> {
        LocalFile.read(path, maximumSize: maximumSize).mapError { Refusal(description: $0.description) }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func contains(folder: String, _ path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }
}
