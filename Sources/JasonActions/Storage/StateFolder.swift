import JasonRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The folder that holds `$global`, `$session` and `$cache` (and the REPL's history). What is in it may
/// be secret (`session.json` keeps `Authorization` headers), so it is the user's alone: created 0700, its
/// files 0600, and refused when someone else could plant files or links in it.
package enum StateFolder {
    /// Makes sure `path` is a private folder of this user's, creating it (and any missing parents) 0700.
    /// Refuses a folder owned by another user or writable by group or others, and a link or a file where
    /// a folder should be, saying why and what to do.
    package static func prepare(_ path: String) throws(StoreError) {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw StoreError("cannot use the state folder \(path): \(LocalFile.reason())") }
            try create(path)
            guard stat(path, &info) == 0 else { throw StoreError("cannot use the state folder \(path): \(LocalFile.reason())") }
        }
        try check(path, info)
    }

    /// The `cache` folder inside a prepared state folder: a real folder (never a link), made 0700.
    package static func prepareInner(_ path: String) throws(StoreError) {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT, mkdir(path, 0o700) == 0 || errno == EEXIST, lstat(path, &info) == 0 else {
                throw StoreError("cannot use the state folder \(path): \(LocalFile.reason())")
            }
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            throw StoreError("\(path) is a symbolic link; jasonrun follows no link inside its state folder (remove it)")
        }
        try check(path, info)
    }

    static func check(_ path: String, _ info: stat) throws(StoreError) {
        let advice = "choose a folder of your own with --state-dir DIR, or keep state in memory with --no-persist"
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw StoreError("the state folder \(path) is not a folder; \(advice)")
        }
        guard info.st_uid == geteuid() else {
            throw StoreError("the state folder \(path) belongs to another user (uid \(info.st_uid)), who could read or replace "
                             + "what jasonrun keeps there; \(advice)")
        }
        let mode = info.st_mode & 0o777
        if mode & 0o022 != 0 {
            throw StoreError("the state folder \(path) can be written by other users (mode \(String(mode, radix: 8))), who could "
                             + "plant links in it; make it private (chmod 700 \(path)), or \(advice)")
        }
        // Readable by others (older versions made it 0755): it is ours, so make it private.
        if mode & 0o077 != 0 { chmod(path, 0o700) }
    }

    /// `mkdir -p` with mode 0700 for every folder it makes.
    static func create(_ path: String) throws(StoreError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw StoreError("cannot create the state folder \(path): \(LocalFile.reason())")
            }
        }
    }

    /// Makes an existing file private (0600) when it is this user's and others may read it: files written
    /// by older versions were 0644. Links are left alone (and refused when read).
    package static func tighten(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
              info.st_mode & 0o077 != 0 else { return }
        chmod(path, 0o600)
    }

    /// Creates `path` empty (0600) if it does not exist, or makes an existing file of this user's 0600; a
    /// link is not followed.
    package static func makePrivateFile(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(), info.st_mode & 0o077 != 0 {
            fchmod(fd, 0o600)
        }
        close(fd)
    }
}
