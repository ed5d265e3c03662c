import Foundation
import JasonJSON
import JasonRuntime

extension Analyzer {
    /// How much of the folder is read to find the documents that mix a file in.
    static let includerBudget = (files: 200, bytes: 4 << 20)

    /// Findings inside `file` that the documents beside it meet when they mix it in (`file://NAME`):
    /// a mixin part checked on its own has no head.actions, agents or data to be judged against, so
    /// `check parts.json` and the editor on parts.json show what the including document finds there,
    /// each saying which document that is.
    func foundByIncluders(of file: SourceFile) -> (findings: [Diagnostic], isMixedIn: Bool) {
        guard !file.name.hasPrefix("<") else { return ([], false) }
        let url = URL(fileURLWithPath: file.name)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return ([], false) }
        var solo = self
        solo.checksIncluders = false
        solo.entryMemo = nil
        let access = access(for: file.name)
        var found: [Diagnostic] = []
        var isMixedIn = false
        var budget = Self.includerBudget
        for entry in entries.sorted() where entry.hasSuffix(".json") && entry != name {
            guard budget.files > 0, budget.bytes > 0 else { break }
            let path = folder + "/" + entry
            let open = access.allows(path) ? openText(path) : nil
            guard let bytes = open ?? (try? access.contents(of: path).get()) else { continue }
            budget.files -= 1
            budget.bytes -= bytes.count
            guard String(decoding: bytes, as: UTF8.self).contains("file://" + name) else { continue }
            isMixedIn = true
            for finding in solo.check(SourceFile(name: path, bytes: bytes)).diagnostics
            where finding.file.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }) == url.standardizedFileURL.path {
                var included = finding
                included.file = file.name
                included.message += " (as mixed into \(entry))"
                included.notes = included.notes.filter { !$0.hasPrefix("mixed in by") }
                found.append(included)
            }
        }
        return (found, isMixedIn)
    }
}
