import Foundation
import JasonJSON
import JasonRuntime
import Testing

/// `trigger`, `$lambda` and `$return.*` with a real call stack (R25–R28, DESIGN §2.1).
@Suite struct LambdaTests {
    @Test func nestedLambdasReturnToTheirOwnCallers() async throws {
        // R28: the reference loses the outer caller here; a real stack does not.
        let r = try await run(document(#"""
            "$load": {"trigger": "outer", "success": {"type": "$test.print", "options": {"main": "{{$jason}}"}}},
            "outer": {"trigger": "inner", "options": {"n": 1},
              "success": {"type": "$return.success", "options": {"outer_got": "{{$jason.inner}}"}}},
            "inner": {"type": "$return.success", "options": {"inner": "{{$jason.n}}"}}
            """#))
        #expect(r.printed == [#"{"main":{"outer_got":1}}"#])
        #expect(r.log.maxDepth == 2)
    }

    /// A trigger calls the action of the view it runs in: two views with an action of the same name each
    /// run their own, before, inside and after the other view, though the name is looked up once per view.
    @Test func aTriggerCallsTheActionOfItsOwnView() async throws {
        let second = #"{"$jason": {"head": {"actions": {"$load": {"trigger": "f", "success": {"type": "$back"}}, "#
            + #""f": {"type": "$test.print", "options": {"in": "second"}, "success": {"type": "$return.success"}}}}}}"#
        let url = "data:application/json," + second.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let r = try await run(document("""
            "$load": {"trigger": "f", "success": {"type": "$href", "options": {"url": "\(url)"}}},
            "$show": {"trigger": "f"},
            "f": {"type": "$test.print", "options": {"in": "first"}, "success": {"type": "$return.success"}}
            """))
        #expect(r.printed == [#"{"in":"first"}"#, #"{"in":"second"}"#, #"{"in":"first"}"#], "\(r.diagnostics)")
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
    }

    @Test func returnErrorTakesTheCallersErrorBranch() async throws {
        let r = try await run(document(#"""
            "$load": {"trigger": "check",
              "success": {"type": "$test.print", "options": "ok"},
              "error": {"type": "$test.print", "options": {"why": "{{$jason.why}}"}}},
            "check": {"type": "$return.error", "options": {"why": "too small"}}
            """#))
        #expect(r.printed == [#"{"why":"too small"}"#])
    }

    @Test func lambdaActionFormWorksLikeTrigger() async throws {
        let r = try await run(document(#"""
            "$load": {"type": "$lambda", "options": {"name": "double", "options": {"x": 21}},
              "success": {"type": "$test.print", "options": "{{$jason}}"}},
            "double": {"type": "$return.success", "options": {"y": "{{$jason.x}}"}}
            """#))
        #expect(r.printed == [#"{"y":21}"#])
    }

    @Test func lambdaWithoutNameFails() async throws {
        let r = try await run(#"{"type": "$lambda", "options": {}, "error": {"type": "$test.print", "options": "{{$jason.message}}"}}"#)
        #expect(r.printed == [#""$lambda needs a 'name' naming an action in head.actions""#])
    }

    @Test func tailTriggerLoopRunsInConstantStack() async throws {
        // A counter loop of 20,000 steps through trigger in tail position: no frame is ever pushed.
        let r = try await run(document(#"""
            "$load": {"type": "$set", "options": {"n": 0, "done": false}, "success": {"trigger": "loop"}},
            "loop": [
              {"{{#if $get.done}}": {"type": "$test.print", "options": {"done": "{{$get.n}}"}}},
              {"{{#else}}": {"type": "$test.count", "success": {"trigger": "loop"}}}
            ]
            """#), registry: countingRegistry(until: 20_000))
        #expect(r.printed == [#"{"done":20000}"#])
        #expect(r.log.maxDepth == 0)
        #expect(r.diagnostics.isEmpty)
    }

    @Test func runawayNonTailRecursionHitsTheDepthLimitWithALocatedError() async throws {
        let r = try await run(document(#"""
            "$load": {"trigger": "f"},
            "f": {"trigger": "f", "success": {"type": "$return.success"}}
            """#), maxDepth: 500)
        let d = try #require(r.diagnostics.first)
        #expect(d.id == .callStackOverflow)
        #expect(d.pointer?.description == "/$jason/head/actions/f")
        #expect(d.file == "test.json")
    }

    @Test func infiniteTailLoopStopsAtTheStepLimit() async throws {
        let r = try await run(document(#""$load": {"trigger": "f"}, "f": {"trigger": "f"}"#), maxSteps: 5_000)
        let d = try #require(r.diagnostics.first)
        #expect(d.id == .stepLimit)
        #expect(d.pointer?.description == "/$jason/head/actions/f")
    }

    @Test func returnOutsideALambdaEndsTheChainQuietly() async throws {
        let r = try await run(#"{"type": "$return.success", "options": {"a": 1}}"#)
        #expect(r.diagnostics.isEmpty)
        #expect(r.printed.isEmpty)
    }

    /// `$test.count` adds one to `$get.n` and sets `$get.done` when it reaches `limit`.
    func countingRegistry(until limit: Int) -> ActionRegistry {
        var registry = testRegistry
        registry.register(group: "test", ["count": ClosureHandler { _, context in
            guard case .int(let n)? = context.view.variables.get["n"] else { return nil }
            context.view.mergeGet(["n": .int(n + 1), "done": .bool(n + 1 >= limit)])
            return nil
        }])
        return registry
    }
}
