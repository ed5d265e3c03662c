import JasonJSON
import JasonRuntime
import Testing

/// The spec's edge cases S1–S25 that belong to the core interpreter, each as a small flow.
@Suite struct ChainSemanticsTests {
    @Test func s1SetSucceedsWithNoValueSoTheNextJasonIsUndefined() async throws {
        let r = try await run(document(#"""
            "$load": {"type": "$test.return", "options": {"x": 1},
              "success": {"type": "$set", "options": {"a": "{{$jason.x}}"},
                "success": {"type": "$test.print", "options": {"title": "{{$jason.x}}"}}}}
            """#))
        #expect(r.interpreter.variables.get == ["a": 1])
        #expect(r.printed == [#"{"title":"{{$jason.x}}"}"#])
        #expect(r.diagnostics.isEmpty)
    }

    @Test func s5SuccessOptionsAreRenderedAfterTheActionCompletes() async throws {
        let r = try await run(#"""
            {"type": "$test.return", "options": {"n": 41},
             "success": {"type": "$test.print", "options": {"seen": "{{$jason.n}}"}}}
            """#)
        #expect(r.printed == [#"{"seen":41}"#])
    }

    @Test func s6TriggerOptionsBecomeTheCalleesJason() async throws {
        let r = try await run(document(#"""
            "$load": {"type": "$test.return", "options": {"v": 5},
              "success": {"trigger": "f", "options": {"p": "{{$jason.v}}"},
                "success": {"trigger": "g"}}},
            "f": {"type": "$test.print", "options": {"in_f": "{{$jason}}"},
              "success": {"type": "$return.success", "options": {"from_f": "{{$get}}"}}},
            "g": {"type": "$test.print", "options": {"in_g": "{{$jason}}"}}
            """#))
        // f sees exactly the trigger's options; g (no options) sees its caller's $jason unchanged.
        #expect(r.printed == [#"{"in_f":{"p":5}}"#, #"{"in_g":{"from_f":{}}}"#])
    }

    @Test func s7ReturnWithoutOptionsReturnsTheCurrentJason() async throws {
        // DESIGN §2.4: the documented intent, not the reference's `{}`.
        let r = try await run(document(#"""
            "$load": {"trigger": "f", "success": {"type": "$test.print", "options": {"got": "{{$jason}}"}}},
            "f": {"type": "$test.return", "options": {"last": "result"}, "success": {"type": "$return.success"}}
            """#))
        #expect(r.printed == [#"{"got":{"last":"result"}}"#])
    }

    @Test func s8UnknownTriggerNameTakesTheErrorBranch() async throws {
        let r = try await run(document(#"""
            "$load": {"trigger": "missing", "error": {"type": "$test.print", "options": {"e": "{{$jason.message}}"}}}
            """#))
        #expect(r.printed == [#"{"e":"no action named 'missing' in head.actions (it has $load)"}"#])
        #expect(r.diagnostics.isEmpty)
    }

    @Test func s8UnknownTriggerNameWithoutErrorBranchIsALocatedDiagnostic() async throws {
        let r = try await run(document(#""$load": {"trigger": "missing"}"#))
        let d = try #require(r.diagnostics.first)
        #expect(d.id == .unknownLambda)
        // Located at the name that is wrong, not at the action's brace (issue 12, item 13).
        #expect(d.pointer?.description == "/$jason/head/actions/$load/trigger")
        #expect(d.location == SourceLocation(line: 1, column: 84))
    }

    @Test func s10ALambdaThatDoesNotReturnEndsTheWholeChain() async throws {
        let r = try await run(document(#"""
            "$load": {"trigger": "f", "success": {"type": "$test.print", "options": {"never": true}}},
            "f": {"type": "$set", "options": {"a": "1"}}
            """#))
        #expect(r.printed.isEmpty)
        #expect(r.interpreter.variables.get == ["a": "1"])
        // As on the phone; but it is said, at the call whose success never runs.
        #expect(r.diagnostics.map(\.id) == [.noReturn])
        #expect(r.diagnostics.first?.pointer?.description == "/$jason/head/actions/$load")
    }

    @Test func s11ConditionThatThrowsStopsTheChainWithALocatedError() async throws {
        let r = try await run(document(#"""
            "$load": [{"{{#if $jason.a.b}}": {"type": "$test.print", "options": "A"}},
                      {"{{#else}}": {"type": "$test.print", "options": "B"}}]
            """#))
        #expect(r.printed.isEmpty)
        let d = try #require(r.diagnostics.first)
        #expect(d.id == .unresolvedCondition)
        #expect(d.pointer?.description == "/$jason/head/actions/$load")
        #expect(d.message.contains("{{$jason.a.b}}"))
    }

    @Test func s16OnlyLoadRunsWhenBothLoadAndShowExist() async throws {
        let both = try await run(document(#"""
            "$load": {"type": "$test.print", "options": {"e": "load"}},
            "$show": {"type": "$test.print", "options": {"e": "show"}}
            """#))
        #expect(both.printed == [#"{"e":"load"}"#])
        let showOnly = try await run(document(#""$show": {"type": "$test.print", "options": {"e": "show"}}"#))
        #expect(showOnly.printed == [#"{"e":"show"}"#])
    }

    @Test func s17JasonIsUndefinedInLoad() async throws {
        let r = try await run(document(#""$load": {"type": "$test.print", "options": {"j": "{{$jason}}", "d": "{{title}}"}}"#,
                                       data: #"{"title": "T"}"#))
        #expect(r.printed == [#"{"j":"{{$jason}}","d":"T"}"#])
    }

    @Test func s25UnknownTypeTakesTheErrorBranchWithMessageAndType() async throws {
        let r = try await run(#"""
            {"type": "$nosuch.x", "error": {"type": "$test.print", "options": "{{$jason}}"}}
            """#)
        #expect(r.printed == [#"{"message":"unknown action type '$nosuch.x'","type":"$nosuch.x"}"#])
        #expect(r.diagnostics.isEmpty)
    }

    @Test func s25UnknownTypeWithoutErrorBranchEndsTheChainWithALocatedError() async throws {
        let r = try await run("{\n  \"type\": \"$util.nosuch\",\n  \"success\": {\"type\": \"$test.print\"}\n}")
        #expect(r.printed.isEmpty)
        let d = try #require(r.diagnostics.first)
        #expect(d.id == .unknownAction)
        #expect(d.location == SourceLocation(line: 2, column: 11))   // the "type" value, not the action's brace
        #expect(d.message.contains("$util.nosuch"))
    }

    @Test func failedActionRunsTheErrorBranchWithItsPayload() async throws {
        let r = try await run(#"""
            {"type": "$test.fail", "options": {"status": 500},
             "success": {"type": "$test.print", "options": "wrong"},
             "error": {"type": "$test.print", "options": {"status": "{{$jason.status}}"}}}
            """#)
        #expect(r.printed == [#"{"status":500}"#])
    }

    @Test(arguments: [
        (#"{"k": 1}"#, #"{"j":{"k":1}}"#),
        ("{}", #"{"j":"{{$jason}}"}"#),
        ("[1, 2]", #"{"j":[1,2]}"#),
        (#""text""#, #"{"j":"text"}"#),
        ("7", #"{"j":7}"#),
    ])
    func registerWrappingFollowsR17(result: String, printed: String) async throws {
        let r = try await run(#"""
            {"type": "$test.return", "options": \#(result),
             "success": {"type": "$test.print", "options": {"j": "{{$jason}}"}}}
            """#)
        #expect(r.printed == [printed])
    }
}
