import Foundation
import JasonJSON
import JasonRuntime
@testable import JasonTesting
import TestSupport
import Testing

/// Test files loaded and run in-process: every kind of expectation, passing and failing.
@Suite struct RunnerTests {
    static let greeter = #"""
    {"$jason": {"head": {
      "data": {"items": [{"text": "hello"}]},
      "actions": {
        "$load": {"type": "$set", "options": {"name": "ann"},
                  "success": {"type": "$util.toast", "options": {"text": "hi {{$get.name}}"}}},
        "greet": {"type": "$util.alert", "options": {"title": "name?"},
                  "success": {"type": "$global.set", "options": {"user": "{{$jason.name}}"},
                              "success": {"type": "$util.toast", "options": {"text": "welcome {{$global.user}}"}}},
                  "error": {"type": "$util.banner", "options": {"title": "no name"}}},
        "boom": {"type": "$nosuch.action"}
      }},
      "body": {"sections": [{"items": [{"type": "label", "text": "a"}, {"type": "label", "text": "b", "action": {"trigger": "greet"}}]}]}
    }}
    """#

    /// A test file holding `cases` (JSON text) about `greeter`, written beside it.
    static func file(_ cases: String, extra: String = "") throws -> TestFile {
        let flow = try Paths.write(greeter)
        let text = #"{"flow": "flow.json", \#(extra) "cases": \#(cases)}"#
        let path = flow.deletingLastPathComponent().appendingPathComponent("app.test.json")
        try text.write(to: path, atomically: true, encoding: .utf8)
        return try TestFile.load(path: path.path)
    }

    static func run(_ file: TestFile) async -> [CaseResult] {
        await SuiteRunner.run([file]).first?.cases ?? []
    }

    @Test func printedStateAndExitPass() async throws {
        let file = try Self.file(#"""
        [{"name": "greets", "expect": {"printed": ["hi ann"], "get": {"name": "ann"}, "exit": 0,
          "visited": ["/$jason/head/actions/$load", "/$jason/head/actions/$load/success"]}}]
        """#)
        let results = await Self.run(file)
        #expect(results.count == 1)
        #expect(results[0].passed, "\(results[0].failures)")
    }

    @Test func tapsAnswersAndGlobalsPass() async throws {
        let file = try Self.file(#"""
        [{"name": "taps b", "answers": {"$util.alert": {"value": {"name": "bob"}}},
          "events": [{"tap": "/$jason/body/sections/0/items/1"}],
          "expect": {"printed": ["hi ann", "welcome bob"], "global": {"user": "bob"}}},
         {"name": "cancelled", "answers": {"$util.alert": {"cancel": true}},
          "events": [{"run": "greet"}],
          "expect": {"printed": ["[banner] no name"], "global": {}}}]
        """#)
        let results = await Self.run(file)
        for result in results { #expect(result.passed, "\(result.name): \(result.failures)") }
    }

    @Test func anUnhandledErrorIsExpectedByPointerMessageAndId() async throws {
        let file = try Self.file(#"""
        [{"name": "boom", "events": [{"trigger": "boom"}],
          "expect": {"exit": 1, "error": {"pointer": "/$jason/head/actions/boom/type", "message": "unknown action type", "id": "unknown-action"}}}]
        """#)
        let results = await Self.run(file)
        #expect(results[0].passed, "\(results[0].failures)")
    }

    @Test func failuresSayWhatDifferedAndWhere() async throws {
        let file = try Self.file(#"""
        [{"name": "wrong",
          "expect": {"printed": ["hi bob"], "get": {"name": "bob"}, "exit": 1, "visited": ["/nowhere"],
                     "error": "/x", "rendered": {"sections": []}}}]
        """#)
        let result = try #require(await Self.run(file).first)
        #expect(!result.passed)
        let pointers = result.failures.map(\.pointer.description)
        #expect(pointers == ["/cases/0/expect/printed/0", "/cases/0/expect/get", "/cases/0/expect/rendered",
                             "/cases/0/expect/exit", "/cases/0/expect/error", "/cases/0/expect/visited/0"])
        let printed = result.failures[0]
        #expect(printed.message == "no printed line contains \"hi bob\"")
        #expect(printed.actual == "[toast] hi ann")
        #expect(file.locator.path(printed.pointer).location?.line == 2)
    }

    @Test func renderedBodiesMatchAsSubsets() async throws {
        let file = try TestFile.load(SourceFile(name: "inline.test.json", bytes: Array(#"""
        {"document": {"$jason": {"head": {"actions": {"$load": {"type": "$render"}}},
                                 "body": {"sections": [{"items": [{"type": "label", "text": "x"}]}]}}},
         "cases": [{"name": "renders", "expect": {"rendered": {"sections": [{"items": [{"text": "x"}]}]}}},
                   {"name": "differs", "expect": {"rendered": {"sections": [{"items": [{"text": "y"}]}]}}}]}
        """#.utf8)), folder: FileManager.default.temporaryDirectory.path)
        let results = await Self.run(file)
        #expect(results[0].passed, "\(results[0].failures)")
        #expect(results[1].failures.first?.message == "the rendered body differs at /sections/0/items/0/text")
    }

    @Test func anInlineDocumentIsLocatedInTheTestFile() throws {
        let file = try TestFile.load(SourceFile(name: "inline.test.json", bytes: Array(
            "{\"cases\": [],\n \"document\": {\"$jason\": {\"head\": {\"actions\": {\n   \"$load\": {\"type\": \"$util.toast\"}}}}}}".utf8)),
            folder: "/tmp")
        let load = try #require(file.document.actions["$load"])
        #expect(load.path.file == "inline.test.json")
        #expect(load.path.location == SourceLocation(line: 3, column: 13))
        #expect(load.path.pointer.description == "/$jason/head/actions/$load")
    }

    @Test func aCaseThatNeverEndsFailsAtALimitAndTheOthersRun() async throws {
        let file = try TestFile.load(SourceFile(name: "loop.test.json", bytes: Array(#"""
        {"document": {"$jason": {"head": {"actions": {
            "again": {"type": "$set", "options": {"n": 1}, "success": {"trigger": "again"}},
            "tick": {"type": "$timer.start", "options": {"interval": 1, "repeats": true, "action": {"type": "$set", "options": {"t": 1}}}},
            "fine": {"type": "$util.toast", "options": {"text": "ok"}}}}}},
         "maxSteps": 500,
         "cases": [{"name": "loops", "events": [{"run": "again"}, {"run": "fine"}], "expect": {"exit": 1}},
                   {"name": "ticks", "timeLimit": 5, "events": [{"run": "tick"}]},
                   {"name": "fine", "events": [{"run": "fine"}], "expect": {"printed": ["[toast] ok"]}}]}
        """#.utf8)), folder: "/tmp")
        let results = await Self.run(file)
        #expect(results.map(\.passed) == [false, false, true])
        #expect(results[0].failures.first?.message == "the case never ended: stopped after 500 actions; the program may loop forever (raise \"maxSteps\" if it is meant to run that long)")
        #expect(results[0].failures.first?.pointer.description == "/cases/0")
        #expect(results[1].failures.first?.message.hasPrefix("the case never ended: stopped at the time limit of 5 s") == true,
                "\(results[1].failures)")
    }

    @Test func anEventThatCannotHappenFailsTheCaseAtTheEvent() async throws {
        let file = try Self.file(#"""
        [{"name": "typo", "events": [{"run": "gret"}]},
         {"name": "nothing there", "events": [{"tap": "/$jason/body/sections/0/items/7"}]},
         {"name": "no action", "events": [{"tap": "/$jason/body/sections/0/items/0"}]}]
        """#)
        let results = await Self.run(file)
        #expect(results[0].failures.first?.message == "the view on screen has no head.actions entry \"gret\"; did you mean \"greet\"?")
        #expect(results[0].failures.first?.pointer.description == "/cases/0/events/0")
        #expect(results[1].failures.first?.message == "nothing to tap at /$jason/body/sections/0/items/7 in the view on screen")
        #expect(results[2].failures.first?.message == "the item at /$jason/body/sections/0/items/0 has neither an \"action\" nor an \"href\"")
    }

    @Test func timePassesOnlyWhenAdvanced() async throws {
        let file = try TestFile.load(SourceFile(name: "timer.test.json", bytes: Array(#"""
        {"document": {"$jason": {"head": {"actions": {
            "$load": {"type": "$timer.start", "options": {"name": "t", "interval": 10, "action": {"type": "$util.toast", "options": {"text": "rang"}}}},
            "check": {"type": "$util.toast", "options": {"text": "checked"}}}}}},
         "cases": [{"name": "order", "events": [{"run": "check"}, {"advance": "10s"}, {"run": "check"}],
                    "expect": {"printed": ["checked", "rang", "checked"]}}]}
        """#.utf8)), folder: "/tmp")
        let results = await Self.run(file)
        #expect(results[0].passed, "\(results[0].failures) \(results[0].run.printed)")
    }

    @Test func logLinesCacheInputsAndHostActionsAreExpectations() async throws {
        let file = try TestFile.load(SourceFile(name: "more.test.json", bytes: Array(#"""
        {"document": {"$jason": {"head": {"actions": {
            "$load": {"type": "$log.info", "options": {"text": "started"}},
            "save": {"type": "$cache.set", "options": {"who": "{{$get.who}}"}}}}}},
         "cases": [{"name": "saves what was typed",
                    "events": [{"input": "who", "value": "ann"}, {"run": "save"},
                               {"action": {"type": "$util.toast", "options": {"text": "{{$cache.who}}!"}}}],
                    "expect": {"logged": ["started"], "cache": {"who": "ann"}, "get": {"who": "ann"}, "printed": ["[toast] ann!"]}},
                   {"name": "a log line that is not there",
                    "expect": {"logged": ["stopped"], "cache": {"who": "ann"}}}]}
        """#.utf8)), folder: "/tmp")
        let results = await Self.run(file)
        #expect(results[0].passed, "\(results[0].failures) \(results[0].run.logged)")
        #expect(results[1].failures.map(\.pointer.description) == ["/cases/1/expect/logged/0", "/cases/1/expect/cache"])
    }
}
