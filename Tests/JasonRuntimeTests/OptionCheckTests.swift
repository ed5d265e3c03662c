import JasonJSON
import JasonRuntime
import Testing

/// Transformed options are checked against the action's declaration before it runs.
@Suite struct OptionCheckTests {
    var registry: ActionRegistry {
        var registry = testRegistry
        registry.register(group: "test", ["typed": ClosureHandler(ActionSpec(
            "An action with declared options.",
            options: [OptionSpec("url", .string, required: true, "where"),
                      OptionSpec("count", .number, default: 3, "how many"),
                      OptionSpec("loud", .boolean, "shout")])) { invocation, _ in invocation.options }])
        return registry
    }

    @Test func defaultsAreFilledAndLenientKindsAccepted() async throws {
        let r = try await run(#"""
            {"type": "$test.typed", "options": {"url": "u", "loud": "true"},
             "success": {"type": "$test.print", "options": "{{$jason}}"}}
            """#, registry: registry)
        #expect(r.printed == [#"{"url":"u","loud":"true","count":3}"#])
    }

    @Test func aMissingRequiredOptionTakesTheErrorBranch() async throws {
        let r = try await run(#"""
            {"type": "$test.typed", "options": {"count": "{{$get.none}}"},
             "error": {"type": "$test.print", "options": "{{$jason.message}}"}}
            """#, registry: registry)
        #expect(r.printed == [#""option 'url' is required (where)""#])
    }

    @Test func aWrongKindWithoutErrorBranchIsLocatedAtTheOption() async throws {
        let r = try await run("{\"type\": \"$test.typed\",\n \"options\": {\"url\": \"u\",\n  \"count\": [1]}}",
                              registry: registry)
        let d = try #require(r.diagnostics.first)
        #expect(d.id == .invalidOptions)
        #expect(d.pointer?.description == "/options/count")
        #expect(d.location == SourceLocation(line: 3, column: 12))
        #expect(d.message.hasPrefix("option 'count' must be a number, found array"))
    }

    @Test func optionsThatAreNotAnObjectAreRejected() async throws {
        let r = try await run(#"{"type": "$test.typed", "options": "u"}"#, registry: registry)
        #expect(r.diagnostics.first?.message.hasPrefix("options must be an object") == true)
        #expect(r.diagnostics.first?.pointer == JSONPointer.root)
    }
}
