import Foundation

/// The page's files (Sources/JasonPreview/Page, copied into the target's resource bundle). Looked up
/// without trusting `Bundle.module`, which on Linux stops the program when its bundle is not where the
/// build left it: next to the executable (the build folder, or an install that copied the bundle
/// along), next to the file the executable links to, then in the source tree it was built from.
package struct PageFiles: Sendable {
    package let folder: URL

    static let bundleName = "jasonrun_JasonPreview.resources"

    /// The files a page may ask for, with their content types; nothing else is served.
    static let types = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
                        "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "png": "image/png"]

    package init(folder: URL) {
        self.folder = folder
    }

    /// The first folder of `candidates` that holds `index.html`.
    package static func locate(candidates: [URL] = PageFiles.candidates) -> PageFiles? {
        candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) }
            .map(PageFiles.init)
    }

    package static var candidates: [URL] {
        var folders: [URL] = []
        if let override = ProcessInfo.processInfo.environment["JASONRUN_PREVIEW_PAGE"] {
            folders.append(URL(fileURLWithPath: override))
        }
        var executables = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments.first ?? "")]
        executables += executables.map { $0?.resolvingSymlinksInPath() }
        executables.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
        for executable in executables.compactMap({ $0 }) {
            let beside = executable.deletingLastPathComponent()
            folders.append(beside.appendingPathComponent(bundleName).appendingPathComponent("Page"))
            // The layout of a bundle on macOS.
            folders.append(beside.appendingPathComponent(bundleName).appendingPathComponent("Contents/Resources/Page"))
        }
        folders.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Page"))
        return folders
    }

    /// The bytes and content type of `name` (a file name without folders), or nil.
    package func file(_ name: String) -> (bytes: Data, type: String)? {
        let allowed = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
        guard allowed, !name.hasPrefix("."), let type = Self.types[(name as NSString).pathExtension] else { return nil }
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { return nil }
        return (data, type)
    }
}
