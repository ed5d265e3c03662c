import Foundation
import TestSupport
import Testing

/// `jasonrun state show|clear`: what earlier runs left in the state folder, seen and forgotten.
@Suite struct StateCommandTests {
    let binary = BinaryTests()

    @Test func showsWhatARunSavedWithSecretsRedactedAndClearsItPartByPart() throws {
        let folder = try Paths.write("").deletingLastPathComponent().appendingPathComponent("state").path
        let flow = try Paths.write(#"""
            {"type": "$global.set", "options": {"left": "by an earlier flow"}, "success": {
             "type": "$session.set", "options": {"domain": "api.example.com", "header": {"Authorization": "Bearer s3cret"}},
             "success": {"type": "$cache.set", "options": {"seen": 1}}}}
            """#)
        #expect(try binary.launch([flow.path, "--state-dir", folder], persist: true).status == 0)
        let shown = try binary.launch(["state", "show", "--state-dir", folder], persist: true)
        #expect(shown.status == 0)
        #expect(shown.out.contains("\"left\": \"by an earlier flow\""), "\(shown.out)")
        #expect(shown.out.contains("\"Authorization\": \"[redacted]\"") && !shown.out.contains("s3cret"))
        #expect(shown.out.contains("$cache of ") && shown.out.contains("\"seen\": 1"))

        let cleared = try binary.launch(["state", "clear", "--global", "--state-dir", folder], persist: true)
        #expect(cleared.out == "removed \(folder)/global.json\n")
        let after = try binary.launch(["state", "show", "--state-dir", folder], persist: true).out
        #expect(after.contains("$global: {}") && after.contains("api.example.com"))
        #expect(try binary.launch(["state", "clear", "--state-dir", folder], persist: true).out.contains("session.json"))
        #expect(try binary.launch(["state", "show", "--state-dir", folder], persist: true).out.hasSuffix("$session: {}\n$cache: none\n"))
    }

    @Test func aFolderThatIsNotThereHasNothingSaved() throws {
        let r = try binary.launch(["state", "show", "--state-dir", "/nonexistent/jasonrun-state"], persist: true)
        #expect(r.status == 0 && r.out == "nothing saved: /nonexistent/jasonrun-state does not exist\n")
    }
}
