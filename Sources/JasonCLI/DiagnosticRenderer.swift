import JasonJSON
import JasonRuntime

/// Turns diagnostics into text: `file:line:col: error: message [id]`, the pointer, and the source line
/// with a caret under the column. This is the one place diagnostics become words.
struct DiagnosticRenderer {
    /// The files diagnostics may point into (the flow, a stub file, a recording).
    var sources: [SourceFile]

    func render(_ diagnostic: Diagnostic) -> String {
        var head = diagnostic.file ?? "jasonrun"
        if let location = diagnostic.location { head += ":\(location)" }
        var lines = ["\(head): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.id.rawValue)]"]
        if let pointer = diagnostic.pointer {
            lines.append("  at " + (pointer.description.isEmpty ? "/" : pointer.description))
        }
        if let location = diagnostic.location, let source = sources.first(where: { $0.name == diagnostic.file }) {
            let text = source.lineText(location.line)
            let number = String(location.line)
            let gutter = String(repeating: " ", count: number.count)
            // Keep tabs in the caret line so the caret lines up under tabbed source.
            let lead = String(text.unicodeScalars.prefix(location.column - 1).map { $0 == "\t" ? "\t" : " " })
            lines.append("  \(number) | \(text)")
            lines.append("  \(gutter) | \(lead)^")
        }
        lines += diagnostic.notes.map { "  note: " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}
