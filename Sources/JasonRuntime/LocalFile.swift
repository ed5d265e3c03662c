#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing local files the way every part of jasonrun must: reads never block on a FIFO or a
/// device and are capped in size; private files (stores, recordings, history) are written so that only the
/// user can read them and no planted link is followed.
package enum LocalFile {
    /// The largest document or file read unless `--max-file-size` says otherwise.
    package static let defaultMaximumSize = 50 * 1024 * 1024

    /// Why a file could not be read or written, in words that name the path.
    package struct Problem: Error, Sendable, CustomStringConvertible {
        package var description: String
        /// The file does not exist (as opposed to existing and being refused).
        package var isMissing = false
    }

    /// The bytes of the regular file at `path`, refused when larger than `maximumSize`. The file is opened
    /// without blocking, so a FIFO or a terminal is refused at once instead of waiting for a writer; its
    /// size is checked before reading and again while reading (files of /proc do not know their size).
    /// Without `followLinks`, a symbolic link at `path` is refused rather than followed.
    package static func read(_ path: String, maximumSize: Int, followLinks: Bool = true) -> Result<[UInt8], Problem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return .failure(Problem(description: "no such file: \(path)", isMissing: true))
            case ELOOP where !followLinks: return .failure(Problem(description: "\(path) is a symbolic link"))
            default: return .failure(Problem(description: "cannot read \(path): \(reason())"))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(Problem(description: "cannot read \(path): \(reason())")) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(Problem(description: "\(path) is \(kind(info.st_mode)), not a regular file"))
        }
        let tooLarge = Problem(description: "\(path) is larger than \(describe(size: maximumSize)) (raise the limit with --max-file-size BYTES)")
        if Int(info.st_size) > maximumSize { return .failure(tooLarge) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n >= 0 else { return .failure(Problem(description: "cannot read \(path): \(reason())")) }
            if n == 0 { return .success(bytes) }
            bytes += chunk[0..<n]
            if bytes.count > maximumSize { return .failure(tooLarge) }
        }
    }

    /// Replaces the file at `path` with `bytes`, atomically: a new temporary file beside it (created
    /// exclusively, mode 0600, never through a link) is written, synced and renamed over `path`. A link at
    /// `path` itself is replaced, not followed.
    package static func writePrivately(_ bytes: [UInt8], to path: String) throws(Problem) {
        let folder = directory(of: path)
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            temporary = path + temporaryMark + randomName()
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw Problem(description: "cannot write \(temporary): \(reason())") }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            written += n
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let why = reason()
            unlink(temporary)
            throw Problem(description: "cannot write \(path): \(why)")
        }
        let handle = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if handle >= 0 { fsync(handle); close(handle) }
    }

    /// What `writePrivately` puts between the file's name and its random part.
    package static let temporaryMark = ".tmp-"

    static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(generator.next() as UInt64, radix: 36)
    }

    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func reason() -> String { String(cString: strerror(errno)) }

    package static func describe(size: Int) -> String {
        size >= 1_048_576 && size % 1_048_576 == 0 ? "\(size / 1_048_576) MB" : "\(size) bytes"
    }

    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}
