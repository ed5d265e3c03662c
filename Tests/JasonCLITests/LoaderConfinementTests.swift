import Foundation
import JasonCLI
import TestSupport
import Testing

/// The one loader (security round 4): every face reads what a flow, a mixin, a page or a test file names
/// inside the run's confinement, and what came from the network reads nothing local.
@Suite struct LoaderConfinementTests {
    func jasonrun(_ arguments: [String], stdin: String = "") async -> (status: Int32, out: String, err: String) {
        let io = CapturedIO(input: stdin)
        let status = await Jasonrun.main(arguments, io: io)
        return (status, io.out, io.err)
    }

    /// A project folder with a secret beside it (outside), as a hostile repository would be laid out.
    struct Layout {
        let root: URL
        var project: String { root.appendingPathComponent("project").path }
        var secret: String { root.appendingPathComponent("secret").path }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("jasonrun-confine-\(UUID().uuidString)")
            try FileManager.default.createDirectory(atPath: root.appendingPathComponent("project").path, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root.appendingPathComponent("secret").path, withIntermediateDirectories: true)
            try #""SECRET-4711""#.write(toFile: secret + "/secret.json", atomically: true, encoding: .utf8)
        }

        func write(_ text: String, _ name: String) throws -> String {
            let path = project + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    @Test func checkDoesNotFollowALinkOutOfTheFolderInAMixin() async throws {
        let layout = try Layout()
        try FileManager.default.createSymbolicLink(atPath: layout.project + "/link.json", withDestinationPath: layout.secret + "/secret.json")
        try FileManager.default.createSymbolicLink(atPath: layout.project + "/linked", withDestinationPath: layout.secret)
        let flow = try layout.write(#"{"$jason": {"head": {"actions": {"$load": {"type": {"@": "file://link.json"}}, "#
                                    + #""other": {"type": {"@": "file://linked/secret.json"}}}}}}"#, "flow.json")
        let checked = await jasonrun(["check", flow])
        #expect(!checked.out.contains("SECRET"), "\(checked.out)")
        #expect(checked.out.contains("link.json is outside the folders"), "\(checked.out)")
        // The graph reads mixins through the same loader.
        let graph = await jasonrun(["graph", flow])
        #expect(!graph.out.contains("SECRET") && !graph.err.contains("SECRET"), "\(graph.out)\(graph.err)")
        // With the folder allowed, as a run would, the mixin is read.
        let allowed = await jasonrun(["check", flow, "--allow-read", layout.secret])
        #expect(allowed.out.contains("SECRET-4711"), "\(allowed.out)")
    }

    @Test func aRemoteMixinMayNotMixInALocalFile() async throws {
        let layout = try Layout()
        _ = try layout.write(#""LOCAL-SECRET""#, "local.json")
        let stubs = try layout.write(#"""
            {"network": [{"request": {"url": "https://example.com/part.json"},
                          "response": {"status": 200, "body": {"@": "file://local.json"}}}]}
            """#, "stubs.json")
        let flow = try layout.write(#"""
            {"$jason": {"head": {"actions": {"$load": {"type": "$util.toast", "options": {"text": {"@": "https://example.com/part.json"}}}}}}}
            """#, "flow.json")
        let r = await jasonrun([flow, "--stubs", stubs, "--offline", "--no-persist"])
        #expect(!r.out.contains("LOCAL-SECRET"), "\(r.out)")
        #expect(r.err.contains("refused: a document loaded from https://example.com/part.json may not read local files"), "\(r.err)")
    }

    @Test func aRemoteAgentPageMayNotLoadALocalScript() async throws {
        let layout = try Layout()
        let script = try layout.write("var leaked = 'LOCAL-SCRIPT-SECRET';", "env.js")
        let page = "<script src=\\\"file://\(script)\\\"></script><script>function read() { $agent.response(typeof leaked === 'undefined' ? 'nothing' : leaked) }</script>"
        let stubs = try layout.write(#"""
            {"network": [{"request": {"url": "https://example.com/agent.html"},
                          "response": {"status": 200, "headers": {"Content-Type": "text/html"}, "body": "\#(page)"}}]}
            """#, "stubs.json")
        let flow = try layout.write(#"""
            {"$jason": {"head": {"agents": {"a": {"url": "https://example.com/agent.html"}},
             "actions": {"$load": {"type": "$agent.request", "options": {"id": "a", "method": "read"},
                                   "success": {"type": "$util.toast", "options": {"text": "{{$jason}}"}},
                                   "error": {"type": "$util.toast", "options": {"text": "failed: {{$jason.message}}"}}}}}}}
            """#, "flow.json")
        let r = await jasonrun([flow, "--stubs", stubs, "--offline", "--no-persist"])
        #expect(!r.out.contains("LOCAL-SCRIPT-SECRET"), "\(r.out)")
        #expect((r.out + r.err).contains("may not read local files"), "\(r.out)\(r.err)")
    }

    @Test func aTestFilesFlowAndStubsStayInItsFolder() async throws {
        let layout = try Layout()
        _ = try layout.write(#"{"type": "$util.toast", "options": {"text": "hi"}}"#, "flow.json")
        let stubsOutside = try layout.write(#"""
            {"flow": "flow.json", "stubs": "\#(layout.secret)/secret.json", "cases": [{"name": "a", "expect": {"printed": ["[toast] hi"]}}]}
            """#, "stubs.test.json")
        let r = await jasonrun(["test", stubsOutside])
        #expect(r.status != 0)
        #expect(!(r.out + r.err).contains("SECRET-4711"), "\(r.out)\(r.err)")
        #expect((r.out + r.err).contains("is outside the folders this flow may read"), "\(r.out)\(r.err)")
        try #"{"type": "$util.toast", "options": {"text": "outside flow ran"}}"#
            .write(toFile: layout.root.path + "/x.json", atomically: true, encoding: .utf8)
        let flowOutside = try layout.write(#"""
            {"flow": "../x.json", "cases": [{"name": "a", "expect": {"printed": ["[toast] outside flow ran"]}}]}
            """#, "flow.test.json")
        let outside = await jasonrun(["test", flowOutside])
        #expect(outside.status != 0, "\(outside.out)")
        #expect((outside.out + outside.err).contains("is outside the folders this flow may read"), "\(outside.out)\(outside.err)")
        // Named with --allow-read, the folder may be read, as a run's file:// URLs may.
        let allowed = await jasonrun(["test", flowOutside, "--allow-read", layout.root.path])
        #expect(allowed.status == 0, "\(allowed.out)\(allowed.err)")
    }

    @Test func theREPLsLoadReadsOnlyWhatTheSessionMay() async throws {
        let layout = try Layout()
        let flow = try layout.write(#"{"type": "$util.toast", "options": {"text": "hi"}}"#, "flow.json")
        try #"{"type": "$util.toast", "options": {"text": "outside"}}"#.write(toFile: layout.secret + "/flow.json", atomically: true, encoding: .utf8)
        let r = await jasonrun(["repl", flow], stdin: "load \(layout.secret)/flow.json\nlist\nload /etc/passwd\nload \(layout.project)/flow.json\n")
        #expect(r.out.contains("\(layout.secret)/flow.json is outside the folders this flow may read"), "\(r.out)")
        #expect(!r.out.contains("outside\""), "\(r.out)")
        #expect(!r.out.contains("found 'r'") && r.out.contains("/etc/passwd is outside the folders"), "\(r.out)")
        #expect(r.out.contains("loaded \(layout.project)/flow.json"), "\(r.out)")
    }

    @Test func theTraceFileIsPrivateAndHidesCredentials() async throws {
        let layout = try Layout()
        let flow = try layout.write(#"""
            {"type": "$network.request", "options": {"url": "https://example.com/login?api_key=K-123&page=2", "method": "post",
             "header": {"Authorization": "Bearer TOKEN-9"}, "data": {"user": "ann", "password": "PW-77"}},
             "error": {"type": "$util.toast", "options": {"text": "offline"}}}
            """#, "flow.json")
        let trace = layout.project + "/trace.jsonl"
        let r = await jasonrun([flow, "--offline", "--no-persist", "--trace", "json", "--trace-file", trace])
        #expect(r.out == "[toast] offline\n", "\(r.out)\(r.err)")
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        for secret in ["K-123", "TOKEN-9", "PW-77"] { #expect(!text.contains(secret), "\(text)") }
        #expect(text.contains("page=2") && text.contains("\"user\":\"ann\""), "\(text)")
        let mode = try FileManager.default.attributesOfItem(atPath: trace)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A link planted where the trace goes is not followed.
        let target = layout.project + "/target.txt"
        try "keep".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: layout.project + "/planted.jsonl", withDestinationPath: target)
        let planted = await jasonrun([flow, "--offline", "--no-persist", "--trace-file", layout.project + "/planted.jsonl"])
        #expect(planted.status == 64, "\(planted.err)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
    }
}
