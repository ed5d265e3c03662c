import JasonJSON
import JasonRuntime
import Testing

/// The FIFO queue (R8, R22), conditional actions (R3, S11), string actions (R5) and bad shapes.
@Suite struct QueueAndShapeTests {
    @Test func callsPostedWhileAChainRunsWaitForItToEnd() async throws {
        var registry = testRegistry
        registry.register(group: "test", ["post": ClosureHandler { invocation, context in
            context.queue.call(["type": "$test.print", "options": invocation.options ?? .null])
            return nil
        }])
        let r = try await run(#"""
            {"type": "$test.post", "options": "queued 1",
             "success": {"type": "$test.post", "options": "queued 2",
               "success": {"type": "$test.print", "options": "chain end"}}}
            """#, registry: registry)
        #expect(r.printed == [#""chain end""#, #""queued 1""#, #""queued 2""#])
    }

    @Test func eachChainStartsWithItsOwnRegister() async throws {
        var registry = testRegistry
        registry.register(group: "test", ["post": ClosureHandler { _, context in
            context.queue.call(["type": "$test.print", "options": ["j": "{{$jason}}"]])
            return ["leak": true]
        }])
        let r = try await run(#"{"type": "$test.post", "success": {"type": "$test.print", "options": "{{$jason}}"}}"#,
                              registry: registry)
        #expect(r.printed == [#"{"leak":true}"#, #"{"j":"{{$jason}}"}"#])
    }

    @Test func conditionalWithPlainPathsPicksABranchAndRendersIt() async throws {
        let r = try await run(document(#"""
            "$load": {"type": "$test.return", "options": {"big": false, "n": 3}, "success": [
              {"{{#if $jason.big}}": {"type": "$test.print", "options": "big"}},
              {"{{#else}}": {"type": "$test.print", "options": "other {{$jason.n}}",
                             "success": {"type": "$test.print", "options": "after"}}}
            ]}
            """#))
        #expect(r.printed == [#""other 3""#, #""after""#])
    }

    @Test func conditionalWithNoWinnerEndsTheChainQuietly() async throws {
        let r = try await run(#"[{"{{#if $get.nothing}}": {"type": "$test.print", "options": "x"}}]"#.wrappedAsLoad)
        #expect(r.printed.isEmpty)
        #expect(r.diagnostics.first?.id == .unresolvedCondition) // $get.nothing is undefined (S11)
        let falsy = try await run(document(#"""
            "$load": {"type": "$set", "options": {"off": false},
              "success": [{"{{#if $get.off}}": {"type": "$test.print", "options": "x"}}]}
            """#))
        #expect(falsy.printed.isEmpty)
        #expect(falsy.diagnostics.isEmpty)
    }

    @Test func stringActionRendersToTheActionToRun() async throws {
        let r = try await run(document(#"""
            "$load": {"type": "$test.return", "options": {"next": {"type": "$test.print", "options": "from data"}},
              "success": "{{$jason.next}}"}
            """#))
        #expect(r.printed == [#""from data""#])
    }

    @Test(arguments: [
        (#"{"type": 5}"#, "/type", "'type' must be a string"),
        (#"{"trigger": ["a"]}"#, "/trigger", "'trigger' must be a string"),
        (#"{"type": "$set", "success": 42}"#, "/success", "must be an object or a conditional array"),
        (#"{"$jason": {"head": {"actions": []}}}"#, "/$jason/head/actions", "\"actions\" must be an object"),
        (#"{"$jason": 3}"#, "/$jason", "\"$jason\" must be an object"),
        (#"{"head": {}}"#, "", "no \"$jason\" key"),
        ("[1, 2]", "", "expected an object"),
    ])
    func badShapesAreRejectedWithTheirPointer(text: String, pointer: String, message: String) throws {
        #expect {
            _ = try Document.load(SourceFile(name: "bad.json", text: text))
        } throws: { error in
            guard let d = error as? Diagnostic else { return false }
            return d.pointer?.description == pointer && d.message.contains(message) && d.file == "bad.json"
                && d.location != nil
        }
    }

    @Test func nonConditionalArrayLoadsWithAWarningAndFailsWhenRun() async throws {
        let text = document(#""$load": [{"type": "$test.print", "options": "a"}]"#)
        let loaded = try Document.load(SourceFile(name: "w.json", text: text))
        #expect(loaded.warnings.map(\.id) == [.invalidAction])
        let r = try await run(text)
        #expect(r.printed.isEmpty)
        #expect(r.diagnostics.first?.message.contains("never a sequence") == true)
    }

    @Test func actionAfterAFailedChainStillRuns() async throws {
        var registry = testRegistry
        registry.register(group: "test", ["post": ClosureHandler { _, context in
            context.queue.call(["type": "$test.print", "options": "next chain"])
            return nil
        }])
        let r = try await run(#"{"type": "$test.post", "success": {"type": "$nosuch.x"}}"#, registry: registry)
        #expect(r.printed == [#""next chain""#])
        #expect(r.diagnostics.count == 1)
    }
}

extension String {
    /// The text as the `$load` of a document.
    var wrappedAsLoad: String { document("\"$load\": " + self) }
}
