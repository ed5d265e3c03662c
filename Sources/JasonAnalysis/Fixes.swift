import JasonJSON
import JasonRuntime

/// `check --fix`: the did-you-means of a file's findings applied to its text, each only where the text
/// still reads what the finding saw, none overlapping another.
package enum Fixes {
    package struct Applied: Sendable {
        package var bytes: [UInt8]
        package var fixes: [Fix]
    }

    /// The text with every applicable fix of `findings` made; nil when there is none to make.
    package static func apply(_ findings: [Diagnostic], to file: SourceFile) -> Applied? {
        var edits: [(range: Range<Int>, text: [UInt8], fix: Fix)] = []
        for fix in Set(findings.filter { $0.file == file.name }.compactMap(\.fix)) {
            guard let edit = fix.edit(in: file.bytes, at: file.offset(of: fix.location)) else { continue }
            edits.append((edit.range, edit.text, fix))
        }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var kept: [(range: Range<Int>, text: [UInt8], fix: Fix)] = []
        for edit in edits where !(kept.last.map { $0.range.overlaps(edit.range) } ?? false) { kept.append(edit) }
        guard !kept.isEmpty else { return nil }
        var bytes = file.bytes
        for edit in kept.reversed() { bytes.replaceSubrange(edit.range, with: edit.text) }
        return Applied(bytes: bytes, fixes: kept.map(\.fix))
    }

    /// The lines that changed, as `-`/`+` pairs under a `@@ line N` head, for the user to see what was done.
    package static func diff(_ before: [UInt8], _ after: [UInt8], name: String) -> String {
        let old = String(decoding: before, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let new = String(decoding: after, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var text = "--- \(name)\n+++ \(name) (fixed)\n"
        // A fix replaces text inside one line, so the lines stay in step.
        for i in 0..<min(old.count, new.count) where old[i] != new[i] {
            text += "@@ line \(i + 1)\n-\(old[i])\n+\(new[i])\n"
        }
        return text
    }
}
