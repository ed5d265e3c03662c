import Foundation
import JasonJSON
import TestSupport
import Testing

/// Mixins (`{"@": …}`, spec §1.1) through the real binary: each form, overrides, nesting, a cycle, a
/// failed fetch, and where findings, breakpoints, the graph and coverage place mixed-in actions.
@Suite struct MixinTests {
    let binary = BinaryTests()

    /// A folder holding `files` (name → text); returns its path.
    static func folder(_ files: [String: String]) throws -> String {
        let first = try Paths.write("{}", name: ".keep")
        let folder = first.deletingLastPathComponent()
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder.path
    }

    static let flow = """
        {"$jason": {
          "head": {
            "actions": {
              "$load": {"@": "file://actions.json",
                        "success": {"type": "$util.toast", "options": {"text": "overridden"}, "success": {"trigger": "again"}}},
              "again": {"type": "$set", "options": {"@": "user@file://data.json"},
                        "success": {"type": "$util.toast", "options": {"text": "{{$get.first}} {{$get.last}}"}}}
            }
          }
        }}
        """
    static let actions = """
        {
          "type": "$util.toast",
          "options": {"text": "from the mixin"},
          "success": {"type": "$never.called"},
          "error": {"type": "$nonsense"}
        }
        """
    static let data = #"{"user": {"first": "Ada", "last": "Lovelace"}}"#

    @Test func aFileMixinIsMergedWithItsSiblingKeysOverTheMixedInOnes() throws {
        let dir = try Self.folder(["flow.json": Self.flow, "actions.json": Self.actions, "data.json": Self.data])
        let r = try binary.launch(["\(dir)/flow.json"])
        #expect(r.out == "[toast] from the mixin\n[toast] overridden\n[toast] Ada Lovelace\n", "\(r.err)")
        #expect(!r.err.contains("[mixin]"), "\(r.err)")
    }

    /// Fidelity round 4, item 4: `$document.PATH` is resolved last, against the document the file mixins
    /// assembled, so a path into a part a file mixin brought in finds it; findings in that part name its file.
    @Test func aDocumentPathIntoAPartAFileMixinBroughtInFindsIt() throws {
        let flow = """
            {"$jason": {"head": {
              "library": {"@": "file://parts.json"},
              "actions": {"$load": {"@": "$document.$jason.head.library.hello", "success": {"trigger": "bye"}},
                          "bye": {"@": "$document.$jason.head.library.bye"}}
            }}}
            """
        let parts = """
            {
              "hello": {"type": "$util.toast", "options": {"text": "hello from parts.json"}},
              "bye": {"type": "$util.toast", "options": {"txt": "bye"}}
            }
            """
        let dir = try Self.folder(["flow.json": flow, "parts.json": parts])
        let r = try binary.launch(["\(dir)/flow.json"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "[toast] hello from parts.json\n[toast] Updated\n", "\(r.err)")
        #expect(!r.err.contains("[mixin]") && !r.err.contains("invalid-action"), "\(r.err)")
        let checked = try binary.launch(["check", "\(dir)/flow.json"], persist: true)
        #expect(checked.out.contains("\(dir)/parts.json:3:46: warning: $util.toast has no option 'txt'"), "\(checked.out)")
    }

    @Test func findingsInAMixinFileNameThatFileAndWhereItWasMixedIn() throws {
        let dir = try Self.folder(["flow.json": Self.flow, "actions.json": Self.actions, "data.json": Self.data])
        let r = try binary.launch(["check", "\(dir)/flow.json"], persist: true)
        #expect(r.out.contains("\(dir)/actions.json:5:21: warning: unknown action type '$nonsense'"), "\(r.out)")
        #expect(r.out.contains("note: mixed in by \(dir)/flow.json:4:22 /$jason/head/actions/$load/@"), "\(r.out)")
        // The mixed-in success was overridden: check looks at what runs, so $never.called is not reported.
        #expect(!r.out.contains("$never.called"), "\(r.out)")
    }

    @Test func aBreakpointOnALineOfAMixinFileStopsThere() throws {
        let dir = try Self.folder(["flow.json": Self.flow, "actions.json": Self.actions, "data.json": Self.data])
        let r = try binary.launch(["repl", "\(dir)/flow.json"], stdin: "break actions.json:3\nrun\nquit\ny\n", persist: true)
        #expect(r.out.contains("breakpoint 1: pointer /$jason/head/actions/$load"), "\(r.out)")
        #expect(r.out.contains("note: line 3 is inside the action that starts on line 1; the breakpoint is on it"), "\(r.out)")
        #expect(r.out.contains("→ $util.toast  /$jason/head/actions/$load  \(dir)/actions.json:1:1"), "\(r.out)")
    }

    @Test func mixinsInsideMixinsAreResolvedAndACycleIsAnErrorNotAHang() throws {
        let dir = try Self.folder([
            "nested.json": #"{"$jason": {"head": {"actions": {"$load": {"@": "file://outer.json"}}}}}"#,
            "outer.json": #"{"type": "$util.toast", "options": {"text": "outer"}, "success": {"@": "file://inner.json"}}"#,
            "inner.json": #"{"type": "$util.toast", "options": {"text": "inner"}}"#,
            "cycle.json": #"{"$jason": {"head": {"actions": {"$load": {"@": "file://c1.json"}}}}}"#,
            "c1.json": #"{"type": "$util.toast", "success": {"@": "file://c2.json"}}"#,
            "c2.json": #"{"type": "$util.toast", "success": {"@": "file://c1.json"}}"#,
        ])
        let nested = try binary.launch(["\(dir)/nested.json"])
        #expect(nested.status == 0 && nested.out == "[toast] outer\n[toast] inner\n", "\(nested.err)")
        let cycle = try binary.launch(["\(dir)/cycle.json"])
        #expect(cycle.status == 1)
        #expect(cycle.out.isEmpty)
        #expect(cycle.err.contains("\(dir)/c2.json:1:42: error: mixin cycle: \"@\": \"file://c1.json\" is already being mixed in "
                                   + "(\(dir)/c1.json → \(dir)/c2.json → \(dir)/c1.json) [mixin]"), "\(cycle.err)")
        let check = try binary.launch(["check", "\(dir)/cycle.json"], persist: true)
        #expect(check.status == 1 && check.out.contains("mixin cycle"), "\(check.out)")
    }

    @Test func aFailedFetchLeavesNullWithAWarningAndWithSiblingKeysFailsTheDocument() throws {
        let dir = try Self.folder([
            "null.json": #"{"$jason": {"head": {"actions": {"$load": {"type": "$set", "options": {"x": {"@": "https://example.com/x.json"}}, "success": {"type": "$util.toast", "options": {"text": "x is {{$get.x === null ? 'null' : 'set'}}"}}}}}}}"#,
            "whole.json": #"{"@": "https://example.com/base.json", "onscan": {"type": "$util.toast"}}"#,
        ])
        let null = try binary.launch(["--offline", "\(dir)/null.json"])
        #expect(null.status == 0 && null.out == "[toast] x is null\n", "\(null.err)")
        #expect(null.err.contains("null.json:1:83: warning: mixin \"@\": \"https://example.com/x.json\" could not be fetched, "
                                  + "so this member is null: offline: nothing answers GET https://example.com/x.json"), "\(null.err)")
        let whole = try binary.launch(["--offline", "\(dir)/whole.json"])
        #expect(whole.status == 1 && whole.out.isEmpty)
        #expect(whole.err.contains("whole.json:1:7: error: mixin \"@\": \"https://example.com/base.json\" could not be fetched"),
                "\(whole.err)")
    }

    @Test func aRemoteMixinIsAnsweredByTheStubsAndItsPathPicksASubtree() throws {
        let dir = try Self.folder([
            "flow.json": #"{"$jason": {"head": {"actions": {"$load": {"@": "actions.hello@https://example.com/lib.json"}}}}}"#,
            "stubs.json": #"{"network": [{"request": {"url": "https://example.com/lib.json"}, "response": {"body": {"actions": {"hello": {"type": "$util.toast", "options": {"text": "stubbed"}}}}}}]}"#,
        ])
        let r = try binary.launch(["--offline", "--stubs", "\(dir)/stubs.json", "\(dir)/flow.json"])
        #expect(r.status == 0 && r.out == "[toast] stubbed\n", "\(r.err)")
    }

    @Test func aDataURLMixinCarriesItsJSON() throws {
        // {"type":"$util.toast","options":{"text":"from data"}}, its `$` written %24 as the reference requires.
        let url = "data:application/json,%7B%22type%22%3A%22%24util.toast%22%2C%22options%22%3A%7B%22text%22%3A%22from%20data%22%7D%7D"
        let dir = try Self.folder(["flow.json": #"{"$jason": {"head": {"actions": {"$load": {"@": "\#(url)"}}}}}"#])
        let r = try binary.launch(["\(dir)/flow.json"])
        #expect(r.status == 0 && r.out == "[toast] from data\n", "\(r.err)")
    }

    @Test func aDocumentSelfReferenceCopiesASubtree() throws {
        let dir = try Self.folder([
            "flow.json": #"{"$jason": {"head": {"data": {"toast": {"type": "$util.toast", "options": {"text": "again"}}}, "actions": {"$load": {"@": "$document.$jason.head.data.toast", "success": {"@": "$document.$jason.head.data.toast"}}}}}}"#,
        ])
        let r = try binary.launch(["\(dir)/flow.json"])
        #expect(r.status == 0 && r.out == "[toast] again\n[toast] again\n", "\(r.err)")
    }

    @Test func theGraphDrawsMixedInActionsAndCoverageCountsTheMixinFilesLines() throws {
        let dir = try Self.folder(["flow.json": Self.flow, "actions.json": Self.actions, "data.json": Self.data])
        let graph = try binary.launch(["graph", "--format", "mermaid", "\(dir)/flow.json"], persist: true)
        #expect(graph.out.contains("$nonsense"), "\(graph.out)")
        let lcov = "\(dir)/cover.lcov"
        _ = try binary.launch(["--coverage", lcov, "\(dir)/flow.json"])
        let text = try String(contentsOfFile: lcov, encoding: .utf8)
        #expect(text.contains("SF:\(dir)/actions.json\nDA:1,1\nDA:5,0\n"), "\(text)")
    }

    /// The corpus documents that use mixins run offline, each remote mixin answered by a stub shaped like
    /// what its author's server sent (corpus-mixins.json, in front of the generic corpus stubs): every
    /// mixin resolves, and each run ends without a fault.
    @Test func theCorpusDocumentsWithMixinsRunWithTheirMixinsStubbed() throws {
        let generic = try JSONParser.parse(String(contentsOf: Paths.fixtures("JasonCLITests").appendingPathComponent("corpus-stubs.json"),
                                                  encoding: .utf8))
        let mixins = try JSONParser.parse(String(contentsOf: Paths.fixtures("JasonCLITests").appendingPathComponent("corpus-mixins.json"),
                                                 encoding: .utf8))
        guard case .object(var stubs) = generic, case .array(let own)? = mixins["network"],
              case .array(let rest)? = generic["network"] else { Issue.record("unexpected stub files"); return }
        stubs["network"] = .array(own + rest)
        stubs["$schema"] = nil
        let stubFile = try Paths.write(JSONPrinter.compact(.object(stubs)), name: "stubs.json").path
        let documents = try (Paths.shared("corpus/documents")).filter { file in
            MixinTests.mentionsMixin(try JSONParser.parse(String(contentsOf: file, encoding: .utf8)))
        }
        #expect(documents.count == 7)
        for file in documents {
            let r = try binary.launch(["--offline", "--stubs", stubFile, "--max-steps", "10000", file.path])
            #expect([0, 1].contains(r.status), "\(file.lastPathComponent): \(r.err)")
            #expect(!r.err.contains("[mixin]") && !r.err.contains("internal") && !r.err.contains("no-jason-root"),
                    "\(file.lastPathComponent): \(r.err)")
        }
    }

    static func mentionsMixin(_ json: JSON) -> Bool {
        switch json {
        case .object(let members): members["@"]?.stringValue != nil || members.values.contains(where: mentionsMixin)
        case .array(let items): items.contains(where: mentionsMixin)
        default: false
        }
    }
}
