#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A local path made absolute and standardized, and its `file://` URL, as Foundation's
/// `URL(fileURLWithPath:).standardizedFileURL` gives them for a file.
///
/// Written out because a run does this at every start, and Foundation's URL costs a million instructions
/// there, most of it the Swift runtime scanning every conformance record of the executable twice
/// (`Substring: Collection`, `UInt8: Hashable`). LocalPathTests holds the two to the same answers. Unlike
/// Foundation, it does not ask the file system whether the path is a folder: it is given a document.
package struct LocalPath {
    /// The path's segments from the root, with `.`, `..` and empty ones resolved.
    var segments: [String] = []
    /// Whether it names a folder (it ended in `/`, `.` or `..`): the URL then ends in `/`.
    var isFolder = false

    /// `path`, relative to `folder` (the working folder by default) unless it starts with `/`.
    package init(_ path: String, in folder: String? = nil) {
        if !path.hasPrefix("/") { append(folder ?? LocalPath.workingFolder()) }
        append(path)
    }

    private mutating func append(_ path: String) {
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": break
            case "..": if !segments.isEmpty { segments.removeLast() }
            default: segments.append(String(part))
            }
        }
        isFolder = path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..") || path == "." || path == ".."
    }

    /// `/a/b/flow.json`.
    package var path: String { Self.joined(segments[...]) }

    /// The folder it is in: `/a/b` for `/a/b/flow.json` and for `/a/b/c/`; `/` at the top.
    package var folder: String { Self.joined(segments.dropLast()) }

    /// `file:///a/b/flow.json`, with what a URL's path may not hold percent-encoded.
    package var url: String {
        var url = "file://" + Self.encoded(path)
        if isFolder && !segments.isEmpty { url += "/" }
        return url
    }

    private static func joined(_ parts: ArraySlice<String>) -> String {
        guard !parts.isEmpty else { return "/" }
        var text = ""
        for part in parts { text += "/" + part }
        return text
    }

    /// UTF-8 bytes other than letters, digits, `/` and ``-._~!$&'()*+,;=:@`` as `%XX`.
    private static func encoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case _ where "/-._~!$&'()*+,;=:@".utf8.contains(byte):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func workingFolder() -> String {
        guard let buffer = getcwd(nil, 0) else { return "/" }
        defer { free(buffer) }
        return String(cString: buffer)
    }
}
