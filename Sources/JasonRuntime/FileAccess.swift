#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one loader: every face (a run, `check`, the language server, the graph, the REPL's `load`, the
/// debug adapter, the preview, the test runner and MCP) reads the local files a flow names through it, so
/// none opens a file a run would not. On the phone `file://` meant the app bundle; here it means the
/// folder of the first document and below (plus the folders given with `--allow-read`), so that a flow,
/// a mixin, an agent page or a test file cannot read `/etc/passwd` and post it elsewhere.
///
/// Two kinds of path reach it: those the user typed (a command-line argument, a launch request), read
/// where they are (`readCapped`), and those written inside content (documents, mixins, pages, test files),
/// confined (`contents(of:namedBy:)`). Content fetched from a URL reads no local file at all.
public struct FileAccess: Sendable {
    /// Real paths (symlinks resolved) of the folders that may be read; nil lets any file be read.
    package var folders: [String]?
    /// Files larger than this are refused before they are read (the same default as HTTP responses).
    package var maximumSize: Int

    public static let defaultMaximumSize = LocalFile.defaultMaximumSize

    /// `folders` are resolved now (one that does not exist is kept as written, made absolute: only files
    /// that do not exist either can be inside it).
    public init(folders: [String]?, maximumSize: Int = FileAccess.defaultMaximumSize) {
        self.folders = folders.map { $0.map { Self.realPath($0) ?? LocalPath($0).path } }
        self.maximumSize = maximumSize
    }

    /// What a run of the document at `path` may read: its folder and `allowRead` (a document with no
    /// file, read from standard input, only `allowRead`).
    package static func forDocument(at path: String?, allowRead: [String] = [],
                                    maximumSize: Int = FileAccess.defaultMaximumSize) -> FileAccess {
        FileAccess(folders: (path.map { [LocalPath($0).folder] } ?? []) + allowRead, maximumSize: maximumSize)
    }

    /// Every file, as large as the limit allows (embedders and tests that want the old behaviour).
    public static let anywhere = FileAccess(folders: nil)

    package struct Refusal: Error, Sendable, CustomStringConvertible {
        package var description: String
        /// The file does not exist (as opposed to existing and being refused).
        package var isMissing = false
    }

    /// The bytes of the file at `path`, named inside content fetched from `origin` (a URL; nil when the
    /// asker is not content). Content from http(s) reads nothing local, as on the phone, where a remote
    /// page had no way into the app bundle.
    /// `written` is how the file is shown in the refusal (its URL, say).
    package func contents(of path: String, namedBy origin: String?, written: String? = nil) -> Result<[UInt8], Refusal> {
        if let origin, Self.isRemote(origin) {
            return .failure(Refusal(description: "\(written ?? path) refused: a document loaded from \(origin) may not read local files"))
        }
        return contents(of: path)
    }

    /// The bytes of the file at `path` if it may be read: its real path lies inside an allowed folder (so
    /// neither `..` nor a symlink leads out), it is a regular file, and it is not larger than the limit.
    /// A refused file is refused the same way whether it exists or not, so nothing about it leaks.
    package func contents(of path: String) -> Result<[UInt8], Refusal> {
        let real = Self.realPath(path)
        if !allows(path, real: real), let folders {
            let allowed = folders.isEmpty ? "no folder may be read" : "only " + folders.joined(separator: ", ") + " may be read"
            return .failure(Refusal(description:
                "\(path) is outside the folders this flow may read (\(allowed); widen with --allow-read DIR)"))
        }
        guard let real else {
            let near = Self.nearName(of: path).map { "; did you mean \($0)?" } ?? ""
            return .failure(Refusal(description: "no such file: \(path)\(near)", isMissing: true))
        }
        return Self.readCapped(real, maximumSize: maximumSize)
    }

    /// Whether `path` may be read (it need not exist): what the static tools ask before saying a file is missing.
    package func allows(_ path: String) -> Bool { allows(path, real: Self.realPath(path)) }

    /// `real` is the path with its links resolved, nil when it does not exist.
    func allows(_ path: String, real: String?) -> Bool {
        guard let folders else { return true }
        return folders.contains { folder in
            if let real { return Self.contains(folder: folder, real) }
            return Self.lexicallyInside(path, folder)
        }
    }

    /// Reads a regular file whose size is checked before reading (and again while reading, for files such as
    /// those of /proc that do not know their size). A FIFO or a device is refused without waiting on it.
    /// The name in the missing file's folder a typo away from its own (`drink.json` for `drinks.json`).
    package static func nearName(of path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        // A folder of many thousands of files is not searched past its first few thousand.
        while names.count < 5000, let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if entryName != ".", entryName != ".." { names.append(entryName) }
        }
        return Suggestion.closest(to: name, among: names.sorted())
    }

    package static func readCapped(_ path: String, maximumSize: Int) -> Result<[UInt8], Refusal> {
        LocalFile.read(path, maximumSize: maximumSize).mapError { Refusal(description: $0.description, isMissing: $0.isMissing) }
    }

    /// Whether `url` was fetched over the network (its content then has no say over local files).
    package static func isRemote(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http:") || lower.hasPrefix("https:")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// For a file that does not exist: whether it would be inside, its nearest existing folder's links
    /// resolved and the rest of the path taken as written.
    static func lexicallyInside(_ path: String, _ folder: String) -> Bool {
        var segments = LocalPath(path).path.split(separator: "/").map(String.init)
        var rest: [String] = []
        while let last = segments.popLast() {
            rest.insert(last, at: 0)
            if let real = realPath("/" + segments.joined(separator: "/")) {
                return contains(folder: folder, LocalPath(rest.joined(separator: "/"), in: real).path)
            }
        }
        return false
    }

    static func contains(folder: String, _ path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }
}
