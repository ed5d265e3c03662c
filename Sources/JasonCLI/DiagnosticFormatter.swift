import JasonJSON
import JasonRuntime

/// Turns diagnostics into text: `file:line:col: error: message [id]`, the pointer, and the source line
/// with a caret under the column. This is the one place diagnostics become words.
struct DiagnosticFormatter {
    /// The files diagnostics may point into (the flow, a stub file, a recording).
    var sources: [SourceFile]
    /// How much of a long source line is shown around the column (minified flows are one line).
    var window = 100

    func format(_ diagnostic: Diagnostic) -> String {
        var head = diagnostic.file ?? "jasonrun"
        if let location = diagnostic.location { head += ":\(location)" }
        var lines = ["\(head): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.id.rawValue)]"]
        if let pointer = diagnostic.pointer {
            lines.append("  at " + (pointer.description.isEmpty ? "/" : pointer.description))
        }
        if let location = diagnostic.location, let source = sources.first(where: { $0.name == diagnostic.file }),
           Self.isQuotable(source) {
            let (text, lead) = excerpt(source.lineText(location.line), column: location.column)
            let number = String(location.line)
            let gutter = String(repeating: " ", count: number.count)
            lines.append("  \(number) | \(text)")
            lines.append("  \(gutter) | \(lead)^")
        }
        lines += diagnostic.notes.map { "  note: " + $0 }
        if diagnostic.count > 1 { lines.append("  note: reported \(diagnostic.count) times, shown once") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether a file's lines may be shown: only when it at least starts as a JSON object or array would.
    /// A file that is not JSON at all (`/etc/shadow` named as a test's flow) is located, never quoted.
    static func isQuotable(_ source: SourceFile) -> Bool {
        var bytes = source.bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The part of `line` shown, at most `window` characters around `column` with `…` where it is cut,
    /// and the blanks that put a caret under the column (tabs kept, so the caret lines up).
    func excerpt(_ line: String, column: Int) -> (text: String, lead: String) {
        let scalars = Array(line.unicodeScalars)
        let at = min(max(column - 1, 0), scalars.count)
        var start = 0, end = scalars.count
        if scalars.count > window {
            start = max(0, at - window / 2)
            end = min(scalars.count, start + window)
            start = max(0, end - window)
        }
        var text = String(String.UnicodeScalarView(scalars[start..<end]))
        var lead = String(scalars[start..<at].map { $0 == "\t" ? "\t" : " " })
        if start > 0 {
            text = "…" + text
            lead = " " + lead
        }
        if end < scalars.count { text += "…" }
        return (text, lead)
    }
}
