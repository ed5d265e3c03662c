import Foundation
import JasonRuntime

/// Live reload: the files of the open views, and of the mixins they were assembled from, are looked at
/// between actions (a few stat calls, four times a second while the page waits); a view one of whose
/// files changed is loaded again and put in place (`reloadInPlace`), keeping the run's state. One that
/// does not load is said in the page, and the last good screen stays.
extension PreviewSession {
    /// When a file was last seen to change: its modification time and size.
    struct FileStamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }

    /// How often the waiting loop looks at the files.
    static let watchInterval = 0.25

    func reloadEditedDocuments() async {
        // A busy run passes here every few actions: the files are looked at no oftener than the interval.
        let now = ContinuousClock.now
        guard lastWatch.map({ $0.duration(to: now) >= .seconds(Self.watchInterval) }) ?? true else { return }
        lastWatch = now
        for (url, files) in interpreter.state.openDocumentFiles {
            var changed = false
            for file in files {
                guard let stamp = Self.stamp(file) else { continue }
                let previous = fileStamps.updateValue(stamp, forKey: file)
                if let previous, previous != stamp { changed = true }
            }
            guard changed, let path = files.first else { continue }
            // A failure is a diagnostic of the run: the page's output and the terminal get it as any other.
            if let failure = await debugger.reloadInPlace(url) {
                link.publish(.error("not reloaded: " + (failure.payload?["message"]?.stringValue ?? path)))
            } else {
                link.publish(.output("reloaded \(path)", pane: .notes))
                link.publish(.error(""))
            }
        }
    }

    static func stamp(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int(info.st_size))
    }
}
