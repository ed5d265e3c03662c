import JasonActions
import JasonDebugger
import JasonJSON
import JasonREPL
import JasonRuntime
import Synchronization
import Testing

/// The faces drive one engine: a REPL over a debugger moves that debugger's timeline, and what the
/// debugger went back to is exactly the state it had, device answers included.
@Suite struct EngineFacesTests {
    static let flow = #"""
    {"$jason": {"head": {"actions": {"$load":
      {"type": "$geo.get", "success":
      {"type": "$set", "options": {"g1": "{{$jason.coord}}"}, "success":
      {"type": "$geo.get", "success":
      {"type": "$set", "options": {"g2": "{{$jason.coord}}"}, "success":
      {"type": "$util.toast", "options": {"text": "{{$get.g1}} then {{$get.g2}}"}}}}}}}}}}
    """#

    /// What a face printed.
    final class Output: Sendable {
        private let text = Mutex("")
        func write(_ more: String) { text.withLock { $0 += more } }
        var all: String { text.withLock { $0 } }
    }

    static func debugger(output: Output) async throws -> Debugger {
        let document = try Document.load(SourceFile(name: "geo.json", text: flow))
        let answers = AnswerBook(["$geo.get": [.value(["coord": "A"]), .value(["coord": "B"]), .value(["coord": "C"])]])
        let setup = SessionSetup(registry: StandardLibrary.registry) { console in
            ActionEnvironment(console: console, answers: answers)
        }
        let debugger = Debugger(document: document, setup: setup, console: TextConsole { output.write($0) })
        await debugger.start()
        return debugger
    }

    /// A REPL attached to `debugger`, reading `lines`.
    static func repl(over debugger: Debugger, _ lines: [String], output: Output) -> REPL {
        let queue = Mutex(lines)
        return REPL(debugger: debugger, reader: PlainLineReader { queue.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
                    write: { output.write($0) }, describe: { $0.message + "\n" })
    }

    @Test func aREPLOverADebuggerMovesThatDebuggersTimeline() async throws {
        let output = Output()
        let debugger = try await Self.debugger(output: output)
        _ = await Self.repl(over: debugger, ["break $util.toast", "run"], output: output).run()
        #expect(debugger.pausedStep?.name == "$util.toast")
        #expect(debugger.session.steps == 4)
        _ = await Self.repl(over: debugger, ["back 2"], output: output).run()
        #expect(debugger.pausedStep?.name == "$geo.get")
        #expect(debugger.run.variables.get == ["g1": "A"])
        // The engine's own call moves what the REPL sees.
        _ = debugger.back(1)
        let seen = Output()
        _ = await Self.repl(over: debugger, ["where"], output: seen).run()
        #expect(seen.all.contains("/$jason/head/actions/$load/success"))
    }

    /// Going back gives back the answers used since: after `back` to before the second `$geo.get` and a
    /// change that makes the run go on anew, that call gets B again (it got C when the answers stayed used).
    @Test func goingBackGivesBackTheAnswersUsedSince() async throws {
        let output = Output()
        let debugger = try await Self.debugger(output: output)
        _ = await Self.repl(over: debugger, [
            "break $util.toast", "run", "back 2", "set $get.extra = \"Z\"", "continue", "p $get.g2", "continue",
        ], output: output).run()
        let text = output.all
        #expect(text.contains("\"B\"\n[toast] A then B\n"), "\(text)")
        #expect(!text.contains("C"), "\(text)")
    }

    /// `reverse-continue` looks at each recorded moment once and can be interrupted where it is.
    @Test func reverseContinueStopsWhereItIsWhenInterrupted() async throws {
        let document = try Document.load(SourceFile(name: "loop.json", text: #"""
            {"$jason": {"head": {"actions": {
              "$load": {"type": "$set", "options": {"n": 0}, "success": {"trigger": "loop"}},
              "loop": [{"{{#if $get.n < 3000}}": {"type": "$set", "options": {"n": "{{$get.n + 1}}"}, "success": {"trigger": "loop"}}},
                       {"{{#else}}": {"type": "$util.toast", "options": {"text": "done"}}}]}}}}
            """#))
        let output = Output()
        let debugger = Debugger(document: document, setup: SessionSetup(registry: StandardLibrary.registry) { console in
            ActionEnvironment(console: console)
        }, console: TextConsole { output.write($0) })
        await debugger.start()
        _ = debugger.session.addBreakpoint(.type("$util.toast"), condition: nil)
        _ = await debugger.submit(nil)
        #expect(debugger.pausedStep?.name == "$util.toast")
        _ = debugger.session.addBreakpoint(.name("$load"), condition: nil)
        debugger.interruption.request()
        guard case .paused(_, .interrupted)? = debugger.reverseContinue() else {
            Issue.record("reverse-continue went on although interrupted")
            return
        }
        let stoppedAt = debugger.run.variables.get["n"]?.doubleValue ?? -1
        #expect(stoppedAt > 1000 && stoppedAt < 3000, "stopped at n = \(stoppedAt)")
        guard case .paused(let step, .breakpoint)? = debugger.reverseContinue() else {
            Issue.record("reverse-continue did not reach the $load breakpoint")
            return
        }
        #expect(step.path.pointer.description == "/$jason/head/actions/$load")
    }
}
