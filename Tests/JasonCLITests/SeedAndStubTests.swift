import Foundation
import JasonJSON
import TestSupport
import Testing

/// Batch runs seeded from the command line, their result on stdout, and stub files that answer in turn.
@Suite struct SeedAndStubTests {
    let binary = BinaryTests()

    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try binary.launch(arguments)
    }

    @Test func jasonAndGlobalSeedTheRunAndPrintJasonShowsTheResult() throws {
        let file = try Paths.write(#"""
            {"$jason": {"head": {"actions": {"$load": {"type": "$util.toast",
              "options": {"text": "{{$jason.n}} {{$global.who}}"},
              "success": {"type": "$set", "options": {"k": 1}, "success": {"type": "$convert.string",
                "options": {"data": "{\"n\": \"{{$global.who}}\"}"}}}}}}}}
            """#).path
        let seeded = try Paths.write(#"{"who": "ann"}"#, name: "global.json").path
        let r = try run([file, "--jason", #"{"n": 7}"#, "--global", "@" + seeded, "--print-jason"])
        #expect(r.status == 0)
        #expect(r.err.isEmpty)
        #expect(r.out.hasPrefix("[toast] 7 ann\n"))
        let printed = try JSONParser.parse(String(r.out.dropFirst("[toast] 7 ann\n".count)))
        #expect(printed["n"] == "ann")
    }

    @Test func printJasonIsNullWhenUndefined() throws {
        let file = try Paths.write(#"{"type": "$set", "options": {"a": 1}}"#).path
        #expect(try run([file, "--print-jason"]).out == "null\n")
    }

    @Test
    func paramsSeedTheFirstView() throws {
        let file = try Paths.write(#"{"type": "$util.toast", "options": {"text": "{{$params.id}}"}}"#).path
        #expect(try run([file, "--params", #"{"id": 42}"#]).out == "[toast] 42\n")
    }

    @Test func malformedSeedsAreLocatedUsageErrors() throws {
        let file = try Paths.write(#"{"type": "$set", "options": {"a": 1}}"#).path
        let bad = try run([file, "--jason", #"{"n": }"#])
        #expect(bad.status == 64)
        #expect(bad.err.hasPrefix("--jason:1:7: error: --jason takes JSON: "))
        #expect(bad.err.contains("[invalid-seed]"))
        let notObject = try run([file, "--params", "[1]"])
        #expect(notObject.status == 64)
        #expect(notObject.err.contains("--params takes a JSON object, found array"))
        #expect(try run([file, "--global", "@/nonexistent.json"]).status == 66)
    }

    @Test func aStubAnswersInTurnAndUnusedStubsAreNamed() throws {
        let stubs = try Paths.write("""
            {"network": [
              {"request": {"url": "https://api.example.com/x"},
               "response": [{"status": 503}, {"status": 200, "body": {"ok": true}}]},
              {"request": {"url": "https://api.example.com/never"}, "response": {"status": 200}},
              {"request": {"url": "https://api.example.com/twice"}, "response": [{"status": 200}, {"status": 500}]}
            ]}
            """, name: "stubs.json").path
        let file = try Paths.write(#"""
            {"$jason": {"head": {"actions": {
              "$load": {"trigger": "get"},
              "get": {"type": "$network.request", "options": {"url": "https://api.example.com/x"},
                      "error": {"trigger": "get"},
                      "success": {"type": "$network.request", "options": {"url": "https://api.example.com/twice"},
                      "success": {"type": "$util.toast", "options": {"text": "ok"}}}}}}}}
            """#).path
        let r = try run([file, "--stubs", stubs, "--offline", "--trace"])
        #expect(r.status == 0)
        #expect(r.out == "[toast] ok\n")
        #expect(r.err.contains("error $network.request"))
        #expect(r.err.contains("\(stubs):4:3: warning: no request matched this stub (https://api.example.com/never) [unused-stub]"))
        #expect(r.err.contains("\(stubs):5:87: warning: only 1 of the 2 responses of this stub were used"))
        #expect(!r.err.contains("/network/0"))
    }
}
