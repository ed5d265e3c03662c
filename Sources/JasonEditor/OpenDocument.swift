import Foundation
import JasonAnalysis
import JasonJSON
import JasonRuntime

/// A document the editor has open: its text as the editor has it (not as saved), and what the analysis
/// found in it. The last text that parsed is kept, so completion still knows the document's names
/// while the current text is half-typed.
struct OpenDocument {
    let uri: String
    /// The file path when the URI is a `file:` URI (relative URLs resolve against it).
    let path: String?
    var version: Int
    var lines: LineIndex
    var report: Analyzer.Report
    var lastParsed: ParsedDocument?

    init(uri: String, text: [UInt8], version: Int, analyzer: Analyzer) {
        self.uri = uri
        path = URL(string: uri).flatMap { $0.isFileURL ? $0.path : nil }
        self.version = version
        lines = LineIndex(text)
        report = analyzer.check(SourceFile(name: path ?? uri, bytes: text))
        lastParsed = report.parsed
    }

    /// Applies one `contentChanges` entry: a range replaced (incremental sync) or the whole text.
    mutating func apply(_ change: JSON) {
        guard case .string(let text)? = change["text"] else { return }
        var bytes = lines.bytes
        if let range = change["range"], let start = Self.position(range["start"]), let end = Self.position(range["end"]) {
            let from = lines.offset(of: start), to = max(from, lines.offset(of: end))
            bytes.replaceSubrange(from..<to, with: Array(text.utf8))
        } else {
            bytes = Array(text.utf8)
        }
        lines = LineIndex(bytes)
    }

    /// The name the analysis gives the file: its path, or its URI when it has none.
    var name: String { path ?? uri }

    mutating func analyze(_ analyzer: Analyzer) {
        report = analyzer.check(SourceFile(name: name, bytes: lines.bytes))
        if report.parsed != nil { lastParsed = report.parsed }
    }

    /// The value the document had, as last parsed.
    var root: JSON? { lastParsed?.value }

    static func position(_ json: JSON?) -> LineIndex.Position? {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue else { return nil }
        return LineIndex.Position(line: line, character: character)
    }

    static func json(_ position: LineIndex.Position) -> JSON {
        ["line": .int(position.line), "character": .int(position.character)]
    }

    func range(from start: Int, to end: Int) -> JSON {
        ["start": Self.json(lines.position(ofOffset: start)), "end": Self.json(lines.position(ofOffset: end))]
    }

    /// The diagnostics in protocol form: each underlines the token its location starts. Editors send
    /// every JSON file they open; one that is not a flow at all (a package.json) gets no findings.
    var diagnostics: JSON {
        .array(report.diagnostics.filter { $0.id != .noJasonRoot }.map(protocolDiagnostic))
    }

    /// One finding as the protocol's `Diagnostic`, underlining the token its location starts.
    func protocolDiagnostic(_ found: Diagnostic) -> JSON {
        let d = placedHere(found)
        let start = d.location.map { lines.offset(of: $0) } ?? 0
        let end = min(lines.valueEnd(from: start), max(start, lines.lineEnd(lines.position(ofOffset: start).line)))
        let severity = switch d.severity { case .error: 1; case .warning: 2; case .note: 3 }
        return ["range": range(from: start, to: max(end, start)), "severity": .int(severity),
                "code": .string(d.id.rawValue), "source": "jasonrun", "message": .string(d.message)]
    }

    /// A finding in a mixin file, shown at the member of this document that mixed it in.
    func placedHere(_ d: Diagnostic) -> Diagnostic {
        guard let file = d.file, file != name, let pointer = d.pointer,
              let member = report.mixedParts.first(where: { $0.pointer.isPrefix(of: pointer) && $0.member?.file == name })?.member
        else { return d }
        var placed = d
        placed.message = "in \(file)" + (d.location.map { ":\($0)" } ?? "") + ": " + d.message
        (placed.file, placed.location) = (name, member.location)
        return placed
    }
}
