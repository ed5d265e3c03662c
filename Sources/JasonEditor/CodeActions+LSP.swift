import JasonJSON
import JasonRuntime

/// Quick fixes: every finding with a did-you-mean, applied as the edit it carries.
extension LanguageServer {
    /// `textDocument/codeAction`: the fixes of the findings that touch `range` (a cursor is an empty range).
    func codeActions(in document: OpenDocument, from start: Int, to end: Int) -> JSON {
        let name = document.path ?? document.uri
        var actions: [JSON] = []
        for finding in document.report.diagnostics where finding.file == name || finding.file == nil {
            guard let fix = finding.fix, let location = finding.location else { continue }
            let at = document.lines.offset(of: location)
            let fixAt = document.lines.offset(of: fix.location)
            guard let edit = fix.edit(in: document.lines.bytes, at: fixAt) else { continue }
            // Offered where the finding or the text it changes is under the cursor or the selection.
            let touched = [at..<max(at + 1, document.lines.valueEnd(from: at)), edit.range]
            guard touched.contains(where: { $0.lowerBound <= end && start <= $0.upperBound }) else { continue }
            let newText = String(decoding: edit.text, as: UTF8.self)
            actions.append([
                "title": .string("Change \"\(fix.old)\" to \"\(fix.new)\""),
                "kind": "quickfix",
                "isPreferred": true,
                "diagnostics": [document.protocolDiagnostic(finding)],
                "edit": ["changes": [document.uri: [["range": document.range(from: edit.range.lowerBound, to: edit.range.upperBound),
                                                     "newText": .string(newText)]]]],
            ])
        }
        return .array(actions)
    }
}
