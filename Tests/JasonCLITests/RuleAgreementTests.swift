import Foundation
import JasonRuntime
import TestSupport
import Testing

/// One set of rules: every mistake of `Fixtures/mistakes` is found both by `check` and by a run, with the
/// same id (or the one Docs/Diagnostics.md names for it) at the same node: a run's pointer is the check's,
/// or holds it (a run names the action whose option `check` points at), on the same line when they are one.
@Suite struct RuleAgreementTests {
    let binary = BinaryTests()
    static let folder = Paths.fixtures("JasonCLITests").appendingPathComponent("mistakes")
    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".json") && $0 != "drink.json" }.sorted()

    struct Finding: CustomStringConvertible {
        var id: String
        var line: Int
        var pointer: String
        var description: String { "\(id) \(line) \(pointer)" }
    }

    /// The diagnostics table's "found by" column: for a check-only id, what a run says of the same mistake.
    static let runSays: [String: String] = {
        let doc = (try? String(contentsOf: Paths.packageRoot.appendingPathComponent("Docs/Diagnostics.md"), encoding: .utf8)) ?? ""
        var said: [String: String] = [:]
        for row in doc.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[1].hasPrefix("check"), let range = cells[1].range(of: #"a run says `[a-z-]+`"#, options: .regularExpression)
            else { continue }
            said[cells[0].trimmingCharacters(in: ["`"])] = String(cells[1][range].split(separator: "`")[1])
        }
        return said
    }()

    func findings(_ json: String) -> [Finding] {
        json.split(separator: "\n").compactMap { line -> Finding? in
            guard let data = line.data(using: .utf8),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            guard (object["event"] as? String ?? "diagnostic") == "diagnostic", let id = object["id"] as? String else { return nil }
            return Finding(id: id, line: object["line"] as? Int ?? 0, pointer: object["pointer"] as? String ?? "")
        }
    }

    /// A run's diagnostics as printed: `FILE:LINE:COLUMN: SEVERITY: MESSAGE [ID]`, then `  at POINTER`.
    func runFindings(_ text: String) -> [Finding] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Finding] = []
        for (i, line) in lines.enumerated() {
            guard let head = line.firstMatch(of: /^.+?:(\d+):\d+: (?:error|warning|note): .*\[([a-z0-9-]+)\]$/) else { continue }
            let pointer = i + 1 < lines.count && lines[i + 1].hasPrefix("  at ") ? String(lines[i + 1].dropFirst(5)) : ""
            found.append(Finding(id: String(head.2), line: Int(head.1) ?? 0, pointer: pointer))
        }
        return found
    }

    static func agree(_ check: Finding, _ run: Finding) -> Bool {
        let sameId = check.id == run.id || runSays[check.id] == run.id
        let sameNode = check.pointer == run.pointer ? check.line == run.line
            : check.pointer.hasPrefix(run.pointer + "/")
        return sameId && sameNode
    }

    @Test(arguments: cases) func checkAndARunFindTheSameMistake(_ name: String) throws {
        let file = Self.folder.appendingPathComponent(name).path
        let checked = try binary.launch(["check", file, "--format", "json"], persist: true)
        let checkJSON = try JSONSerialization.jsonObject(with: Data(checked.out.utf8)) as? [[String: Any]] ?? []
        let check = findings(checkJSON.map { String(decoding: try! JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
                                 .joined(separator: "\n"))
        let run = runFindings(try binary.launch([file, "--offline", "--max-steps", "200"]).err)
        #expect(!check.isEmpty, "check found nothing in \(name)")
        for c in check { #expect(run.contains { Self.agree(c, $0) }, "\(name): check found \(c); the run found \(run)") }
        for r in run { #expect(check.contains { Self.agree($0, r) }, "\(name): the run found \(r); check found \(check)") }
    }

    @Test func everyIdSaysWhoFindsIt() throws {
        let doc = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Docs/Diagnostics.md"), encoding: .utf8)
        for id in Diagnostic.ID.allCases {
            let row = doc.split(separator: "\n").first { $0.hasPrefix("| `\(id.rawValue)` |") }
            let foundBy = row?.split(separator: "|").dropFirst().first?.trimmingCharacters(in: .whitespaces) ?? ""
            #expect(["both", "run", "check", "`jasonrun test`"].contains { foundBy.hasPrefix($0) },
                    "Docs/Diagnostics.md: \(id.rawValue) has no row saying whether a run, check or both find it")
        }
        #expect(Self.runSays["unknown-agent"] == "action-failed")
    }

    /// `check --fix` applies each did-you-mean, shows what changed, checks again (a fix may uncover
    /// another) and keeps the file's mode; a file that is not JSON is never touched.
    @Test func checkFixAppliesTheDidYouMeans() throws {
        let flow = #"{"$jason": {"head": {"actions": {"$load": {"type": "$util.tost", "options": {"txt": "hi"}, "sucess": {"trigger": "gret"}}, "greet": {"type": "$util.toast", "options": {"text": "ok"}}}}}}"#
        let file = try Paths.write(flow)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let fixed = try binary.launch(["check", "--fix", file.path], persist: true)
        #expect(fixed.status == 0, "\(fixed.out) \(fixed.err)")
        #expect(fixed.err.contains("-" + flow) && fixed.err.contains("fixed 4 findings"), "\(fixed.err)")
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after == #"{"$jason": {"head": {"actions": {"$load": {"type": "$util.toast", "options": {"text": "hi"}, "success": {"trigger": "greet"}}, "greet": {"type": "$util.toast", "options": {"text": "ok"}}}}}}"#)
        #expect(fixed.out.contains("0 errors, 0 warnings"), "\(fixed.out)")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)

        let broken = try Paths.write(#"{"$jason": {"head": {"actions": {"$load": {"type": "$util.tost",}}}}}"#)
        let before = try Data(contentsOf: broken)
        let refused = try binary.launch(["check", "--fix", broken.path], persist: true)
        #expect(refused.status == 65)
        #expect(try Data(contentsOf: broken) == before)
    }

    /// A mixin file checked on its own reports what the document beside it that mixes it in finds in it.
    @Test func aMixinFileShowsWhatItsIncluderFindsInIt() throws {
        let flow = try Paths.write(#"{"$jason": {"head": {"actions": {"$load": {"@": "file://parts.json"}, "greet": {"type": "$util.toast", "options": {"text": "hi"}}}}}}"#)
        let parts = flow.deletingLastPathComponent().appendingPathComponent("parts.json")
        try #"{"type": "$util.toast", "options": {"text": "a"}, "success": {"trigger": "gret"}}"#.write(to: parts, atomically: true, encoding: .utf8)
        let checked = try binary.launch(["check", parts.path], persist: true)
        #expect(checked.status == 1)
        #expect(checked.out.contains("parts.json:1:74: error: no action named 'gret' in head.actions; did you mean 'greet'? (as mixed into flow.json) [unknown-lambda]"),
                "\(checked.out)")
        let fixed = try binary.launch(["check", "--fix", parts.path], persist: true)
        #expect(fixed.status == 0, "\(fixed.out)")
        #expect(try String(contentsOf: parts, encoding: .utf8).contains(#""trigger": "greet""#))
    }
}
