import Foundation
import JasonJSON
import JasonRuntime

/// Document links (the files a flow names: `file://` URLs, mixins, relative `url`s) and folding ranges
/// (every object and array over more than one line).
extension LanguageServer {
    /// Every string of the current text, with where its opening quote is.
    func strings(in document: OpenDocument) -> [(key: String?, text: String, start: Int)] {
        guard let parsed = document.report.parsed else { return [] }
        var found: [(key: String?, text: String, start: Int)] = []
        parsed.value.forEachNode { json, trail in
            guard case .string(let text) = json else { return }
            let pointer = trail.pointer
            if let start = parsed.sourceMap.offset(of: pointer) { found.append((pointer.tokens.last, text, start)) }
        }
        return found
    }

    /// `textDocument/documentLink`: each local file a string names, when it is there.
    func documentLinks(in document: OpenDocument) -> JSON {
        guard let path = document.path else { return [] }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var links: [JSON] = []
        for string in strings(in: document) {
            var written = string.text
            if let at = written.range(of: "@file://") { written = String(written[at.upperBound...]) }
            else if written.hasPrefix("file://") { written = String(written.dropFirst("file://".count)) }
            else if string.key != "url" || written.contains(":") || written.isEmpty { continue }
            guard !written.hasTemplateMarker else { continue }
            let plain = String(written.prefix { $0 != "?" && $0 != "#" })
            let target = (plain.hasPrefix("/") ? URL(fileURLWithPath: plain) : folder.appendingPathComponent(plain)).standardizedFileURL
            guard FileManager.default.fileExists(atPath: target.path) else { continue }
            let end = document.lines.stringEnd(from: string.start)
            links.append(["range": document.range(from: string.start + 1, to: max(string.start + 1, end - 1)),
                          "target": .string(target.absoluteString)])
        }
        return .array(links)
    }

    /// `textDocument/foldingRange`: objects and arrays, from the line they open to the line before the
    /// one that closes them (so the closing bracket stays in sight).
    func foldingRanges(in document: OpenDocument) -> JSON {
        guard let parsed = document.report.parsed else { return [] }
        var ranges: [JSON] = []
        parsed.value.forEachNode { json, trail in
            guard json.objectValue != nil || json.arrayValue != nil, let start = parsed.sourceMap.offset(of: trail.pointer) else { return }
            let first = document.lines.position(ofOffset: start).line
            let last = document.lines.position(ofOffset: max(start, document.lines.valueEnd(from: start) - 1)).line
            if last - 1 > first { ranges.append(["startLine": .int(first), "endLine": .int(last - 1)]) }
        }
        return .array(ranges)
    }
}
