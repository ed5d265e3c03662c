import Foundation
import JasonAnalysis
import JasonJSON

/// Mixin files and the documents that mix them in, kept in step: a change to one (typed, saved, or made
/// on disk and reported by `workspace/didChangeWatchedFiles`) re-checks the open documents it touches,
/// and every check reads the files the editor has open as the editor has them.
extension LanguageServer {
    /// The analyzer, reading open files from their buffers.
    var analyzer: Analyzer {
        var analyzer = services.analyzer
        let texts = Dictionary(documents.values.compactMap { d in d.path.map { (Self.standard($0), d.lines.bytes) } },
                               uniquingKeysWith: { a, _ in a })
        analyzer.openText = { texts[Self.standard($0)] }
        return analyzer
    }

    /// Marks stale every other open document that mixes in the file at `path`, or that it mixes in.
    mutating func touch(_ path: String) {
        let changed = Self.standard(path)
        let mixedHere = Set(documents.values.first { $0.path.map(Self.standard) == changed }?.report.mixedParts
            .map { Self.standard($0.file) } ?? [])
        let name = URL(fileURLWithPath: changed).lastPathComponent
        for (uri, document) in documents {
            guard let own = document.path.map(Self.standard), own != changed else { continue }
            let mixesIt = document.report.mixedParts.contains { Self.standard($0.file) == changed }
                || document.lines.bytes.count < 4 << 20 && String(decoding: document.lines.bytes, as: UTF8.self).contains("file://" + name)
            if mixesIt || mixedHere.contains(own) { stale.insert(uri) }
        }
    }

    /// `workspace/didChangeWatchedFiles`: files changed on disk.
    mutating func watchedFilesChanged(_ params: JSON) {
        for change in params["changes"]?.arrayValue ?? [] {
            guard let uri = change["uri"]?.stringValue, let url = URL(string: uri), url.isFileURL else { continue }
            touch(url.path)
        }
    }

    static func standard(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
