import Foundation
import JasonActions
@testable import JasonExplore
import JasonJSON
import JasonRuntime
import JasonTesting
import Testing

/// Exploring flows: the forks at requests, devices and people, the endings found, and the tests written.
@Suite struct ExplorerTests {
    /// A request whose success asks for the location; the location's failure has no error branch.
    static let flow = """
    {"$jason": {"head": {"actions": {
      "$load": {"type": "$network.request", "options": {"url": "https://api.example.com/menu"},
        "success": {"type": "$geo.get",
          "success": {"type": "$util.toast", "options": {"text": "near {{$jason.coord}}"}}},
        "error": {"type": "$util.toast", "options": {"text": "offline"}}}
    }}}}
    """

    func explore(_ text: String, stubs: StubFile = StubFile(), _ change: (inout ExploreSetup) -> Void = { _ in })
        async throws -> (ExploreReport, [ExplorePath])
    {
        let document = try Document.load(SourceFile(name: "flow.json", bytes: Array(text.utf8)))
        var setup = ExploreSetup(document: document, viewURL: "file:///explore/flow.json", files: FileAccess(folders: []))
        setup.stubs = stubs
        change(&setup)
        var report = ExploreReport(flow: "flow.json")
        var paths: [ExplorePath] = []
        report.totals = await Explorer(setup).run { path in
            report.add(path)
            paths.append(path)
        }
        return (report, paths)
    }

    @Test func everyAnswerOfARequestAndADeviceIsFollowed() async throws {
        let (report, paths) = try await explore(Self.flow)
        #expect(paths.map(\.route) == [
            "$network.request ok → $geo.get ok", "$network.request ok → $geo.get fails", "$network.request fails",
        ])
        #expect(paths.map(\.printed) == [["[toast] near 37.7749,-122.4194"], [], ["[toast] offline"]])
        #expect(paths.map(\.exit) == [0, 1, 0])
        #expect(report.hasUnhandledError)
        #expect(report.totals.forks == 2)
        #expect(report.text.contains("1 path ends in an unhandled error at flow.json:3:16 /$jason/head/actions/$load/success"))
        #expect(report.text.contains("e.g. $network.request ok → $geo.get fails"))
    }

    @Test func eachStubbedResponseIsAPathOfItsOwn() async throws {
        let stubs = try StubFile.load(SourceFile(name: "stubs.json", bytes: Array("""
            {"network": [{"request": {"url": "https://api.example.com/menu"},
                          "response": [{"body": {"n": 1}}, {"status": 404}]}],
             "answers": {"$geo.get": [{"value": {"coord": "1,2"}}, {"value": {"coord": "3,4"}}]}}
            """.utf8)))
        let (_, paths) = try await explore(Self.flow, stubs: stubs)
        #expect(paths.map(\.route) == [
            "$network.request ok → $geo.get ok (answer 1)", "$network.request ok → $geo.get ok (answer 2)",
            "$network.request ok → $geo.get fails", "$network.request HTTP 404",
        ])
        #expect(paths[1].printed == ["[toast] near 3,4"])
    }

    @Test func aRetryThatComesBackIsFollowedOnce() async throws {
        let (report, paths) = try await explore("""
            {"$jason": {"head": {"actions": {
              "$load": {"trigger": "fetch"},
              "fetch": {"type": "$network.request", "options": {"url": "https://x.example/a"},
                        "success": {"type": "$util.toast", "options": {"text": "done"}},
                        "error": {"trigger": "fetch"}}
            }}}}
            """)
        // The second failure leaves the run as the first did: that moment is followed once.
        #expect(paths.map(\.route) == ["$network.request ok", "$network.request fails → $network.request ok"])
        #expect(report.totals.merged == 1)
    }

    /// Each answer is kept in `$get`, so no two paths meet again.
    @Test func tenIndependentRequestsGiveAThousandAndTwentyFourPaths() async throws {
        let steps = (0..<10).map { i in
            "\"s\(i)\": {\"type\": \"$network.request\", \"options\": {\"url\": \"https://x.example/\(i)\"}, "
                + "\"success\": {\"type\": \"$set\", \"options\": {\"r\(i)\": \"ok\"}, \"success\": {\"trigger\": \"s\(i + 1)\"}}, "
                + "\"error\": {\"trigger\": \"s\(i + 1)\"}}"
        }
        let (report, _) = try await explore("""
            {"$jason": {"head": {"actions": {"$load": {"trigger": "s0"}, \(steps.joined(separator: ", ")),
              "s10": {"type": "$util.toast", "options": {"text": "end"}}}}}}
            """) { $0.maxPaths = 2_000 }
        #expect(report.totals.paths == 1024)
        #expect(!report.hasUnhandledError)
    }

    @Test func maxPathsStopsAndSaysSo() async throws {
        let (report, paths) = try await explore(Self.flow) { $0.maxPaths = 2 }
        #expect(paths.count == 2)
        #expect(report.totals.stoppedAtMaxPaths)
        #expect(report.text.contains("stopped at --max-paths 2"))
    }

    @Test func pickersOfferEachItemAndACancel() async throws {
        let (_, paths) = try await explore("""
            {"$jason": {"head": {"actions": {"$load": {"type": "$util.picker", "options": {"items": [
              {"text": "Tea", "action": {"type": "$util.toast", "options": {"text": "tea"}}},
              {"text": "Coffee", "action": {"type": "$util.toast", "options": {"text": "coffee"}}}]}}}}}}
            """)
        #expect(paths.map(\.route) == ["$util.picker chooses 1 (Tea)", "$util.picker chooses 2 (Coffee)", "$util.picker cancelled"])
        #expect(paths.map { $0.printed.last } == ["[toast] tea", "[toast] coffee", "  2. Coffee"])
    }

    /// A timer may fire, or the run may end before it first does; its polling answers are counted in the route.
    @Test func aTimerFiresOrTheRunEndsBeforeIt() async throws {
        let (_, paths) = try await explore("""
            {"$jason": {"head": {"actions": {"$load": {"type": "$timer.start", "options": {"name": "poll", "interval": 20,
              "repeats": true, "action": {"type": "$network.request", "options": {"url": "https://x.example/poll"},
                "error": {"type": "$timer.stop", "options": {"name": "poll"}}}}}}}}}
            """)
        #expect(paths.map(\.route) == [
            "timer poll fires → $network.request ok ×3", "timer poll fires → $network.request ok ×2 → $network.request fails",
            "timer poll fires → $network.request ok → $network.request fails", "timer poll fires → $network.request fails",
            "timer poll not yet fired when the run ends",
        ])
        #expect(paths[0].timersStoppedAt == 60)
        #expect(paths[4].choices.last?.endsAt == 0)
    }

    /// A remote document cannot be made up: the path stops there, and the report says to stub it.
    @Test func aRemoteDocumentNoStubAnswersStopsThePath() async throws {
        let (report, paths) = try await explore("""
            {"$jason": {"head": {"actions": {"$load": {"type": "$href", "options": {"url": "https://remote.example/next.json"}}}}}}
            """)
        #expect(paths.map(\.ending.kind) == ["unanswered-request"])
        #expect(!report.failed)
        #expect(report.text.contains("1 path stops at a request only a stub can answer"))
    }

    /// An agent answers for itself unless the stub file answers for it; then each answer and a failure.
    @Test func anAgentForksOnlyWhenStubbed() async throws {
        let text = """
            {"$jason": {"head": {"agents": {"calc": {"url": "data:text/html,<script>function add(){ $agent.response(3) }</script>"}},
              "actions": {"$load": {"type": "$agent.request", "options": {"id": "calc", "method": "add"},
                "success": {"type": "$util.toast", "options": {"text": "got {{$jason}}"}}}}}}}
            """
        let (_, real) = try await explore(text)
        #expect(real.count == 1)
        let stubs = try StubFile.load(SourceFile(name: "stubs.json", bytes: Array(#"{"answers": {"$agent.request": {"value": 7}}}"#.utf8)))
        let (_, stubbed) = try await explore(text, stubs: stubs)
        #expect(stubbed.map(\.route) == ["$agent.request ok", "$agent.request fails"])
        #expect(stubbed[0].printed == ["[toast] got 7"])
    }

    @Test func theTestsWrittenPassAsTheyAre() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = """
            {"$jason": {"head": {"actions": {
              "$load": {"type": "$network.request", "options": {"url": "https://api.example.com/menu"},
                "success": {"trigger": "again"},
                "error": {"type": "$util.alert", "options": {"title": "Retry?"}, "success": {"trigger": "again"}}},
              "again": {"type": "$network.request", "options": {"url": "https://api.example.com/menu"},
                "success": {"type": "$util.toast", "options": {"text": "got it"}}}
            }}}}
            """
        try text.write(toFile: folder + "/flow.json", atomically: true, encoding: .utf8)
        let document = try Document.load(SourceFile(name: folder + "/flow.json", bytes: Array(text.utf8)))
        let setup = ExploreSetup(document: document, viewURL: "file://" + folder + "/flow.json", files: FileAccess(folders: [folder]))
        var writer = TestWriter(flow: "flow.json", seed: nil)
        let totals = await Explorer(setup).run { writer.add($0) }
        // Failing, then retrying after the alert, meets the first request's success again: followed once.
        #expect(totals.paths == 3)
        try (JSONPrinter.pretty(writer.file)).write(toFile: folder + "/flow.test.json", atomically: true, encoding: .utf8)
        let file = try TestFile.load(path: folder + "/flow.test.json")
        let results = await SuiteRunner.run([file])
        #expect(results[0].cases.count == 3)
        for result in results[0].cases { #expect(result.failures.isEmpty, "\(result.name): \(result.failures)") }
        #expect(results[0].cases.map(\.run.exit) == [0, 1, 1])
    }
}
