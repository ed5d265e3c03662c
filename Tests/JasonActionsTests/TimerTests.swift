import JasonActions
import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// `$timer.*` on the virtual clock (R38, DESIGN §2.6).
@Suite struct TimerTests {
    func timerFlow(repeats: String, limit: Double? = 10) async throws -> Outcome {
        let document = try Document.load(SourceFile(name: "flow.json", text: #"""
            {"$jason": {"head": {"actions": {"$load": {"type": "$timer.start", "options": {
              "name": "t", "interval": "1", \#(repeats)
              "action": {"type": "$util.toast", "options": {"text": "tick {{$get.n}}"}}}}}}}}
            """#))
        let console = RecordingConsole()
        let interpreter = Interpreter(document: document, registry: StandardLibrary.registry,
                                      environment: ActionEnvironment(console: console))
        interpreter.limits.timeLimit = limit
        await interpreter.start()
        await interpreter.runUntilIdle()
        return Outcome(interpreter: interpreter, console: console)
    }

    @Test func s23RepeatsOnlyWhenTrue() async throws {
        let once = try await timerFlow(repeats: #""repeats": "false","#)
        #expect(once.printed == ["[toast] tick {{$get.n}}"])
        #expect(once.diagnostics.isEmpty)
        let absent = try await timerFlow(repeats: "")
        #expect(absent.printed.count == 1)
        let repeating = try await timerFlow(repeats: #""repeats": true,"#, limit: 5)
        #expect(repeating.printed.count == 5)
        let warning = try #require(repeating.diagnostics.first)
        #expect(warning.id == .timeLimit && warning.severity == .warning)
        #expect(warning.message.contains("t (every 1 s)"))
    }

    @Test func timersFireInTimeOrderAfterTheChainAndCanBeStopped() async throws {
        let r = try await run(#"""
            {"$jason": {"head": {"actions": {"$load":
              {"type": "$timer.start", "options": {"name": "slow", "interval": 3, "repeats": "true",
                 "action": {"type": "$util.toast", "options": {"text": "slow"}}},
               "success": {"type": "$timer.start", "options": {"name": "fast", "interval": 2,
                 "action": {"type": "$timer.stop", "options": {"name": "slow"},
                   "success": {"type": "$util.toast", "options": {"text": "stopped slow"}}}},
                 "success": {"type": "$util.toast", "options": {"text": "chain done"}}}}
            }}}}
            """#)
        #expect(r.printed == ["[toast] chain done", "[toast] stopped slow"])
        #expect(r.diagnostics.isEmpty)
    }

    @Test func theActionIsRenderedWhenTheTimerStarts() async throws {
        let r = try await run(#"""
            {"type": "$set", "options": {"n": 1}, "success": {"type": "$timer.start", "options": {"interval": 1,
              "action": {"type": "$util.toast", "options": {"text": "{{$get.n}} {{$get.later}}"}}},
              "success": {"type": "$set", "options": {"n": 2, "later": "now"}}}}
            """#)
        #expect(r.printed == ["[toast] 1 now"])
    }

    @Test func aMissingIntervalIsAnOptionError() async throws {
        let r = try await run(#"{"type": "$timer.start", "options": {"action": {"type": "$util.toast"}}}"#)
        #expect(r.diagnostics.first?.id == .invalidOptions)
        #expect(r.diagnostics.first?.pointer?.description == "/options/interval")
    }
}
