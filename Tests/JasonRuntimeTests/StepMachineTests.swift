import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// The interpreter driven from outside, one `step()` at a time, and its state restored from snapshots.
@Suite struct StepMachineTests {
    /// Lambdas, a failure taken by an error branch, a conditional, a timer and a second chain.
    static let flow = document("""
        "$load": {"type": "$set", "options": {"n": 1}, "success":
          {"trigger": "twice", "options": {"x": "{{$get.n}}"}, "success":
            {"type": "$test.fail", "options": {"message": "no"}, "error":
              {"type": "$timer.start", "options": {"name": "t", "interval": 2, "action": {"trigger": "tick"}}}}}},
        "twice": [{"{{#if $jason.x > 0}}": {"type": "$return.success", "options": {"y": "{{$jason.x * 2}}"}}},
                  {"{{#else}}": {"type": "$return.error"}}],
        "tick": {"type": "$test.print", "options": {"ticked": "{{$get.n}}"}}
        """)

    static func trace(_ log: EventLog) -> [String] {
        log.all.map { event in
            switch event {
            case .chainStarted(let origin): "start \(origin)"
            case .willRun(let step): "will \(step.name) \(step.path.pointer) \(step.options.map(JSONPrinter.compact) ?? "-")"
            case .succeeded(let step, let jason): "ok \(step.name) \(jason.map(JSONPrinter.compact) ?? "-")"
            case .failed(let step, let payload): "failed \(step.name) \(payload.map(JSONPrinter.compact) ?? "-")"
            case .branchTaken(let step, let branch): "branch \(step.name) \(branch)"
            case .chainEnded(let outcome): "end \(outcome)"
            }
        }
    }

    @Test func steppingByHandGivesTheSameTraceAsRunUntilIdle() async throws {
        let whole = try await run(Self.flow, registry: Self.registry)

        let stepped = try await Self.interpreter()
        var outcomes: [String] = []
        while true {
            let outcome = await stepped.interpreter.step()
            if case .idle = outcome { break }
            switch outcome {
            case .started: outcomes.append("started")
            case .performed(let step, let branch): outcomes.append("\(step.name) → \(branch)")
            case .ended: outcomes.append("ended")
            case .timersFired(let time): outcomes.append("timers at \(time)")
            case .idle: break
            }
        }
        #expect(Self.trace(stepped.log) == Self.trace(whole.log))
        #expect(stepped.console.printed == whole.printed)
        #expect(outcomes == ["started", "$set → success", "trigger twice → none", "$return.success → success",
                             "$test.fail → error", "$timer.start → none", "ended",
                             "timers at 2.0", "started", "trigger tick → none", "$test.print → none", "ended"])
    }

    @Test func aSnapshotRestoresTheRunExactly() async throws {
        let run = try await Self.interpreter()
        let interpreter = run.interpreter
        // Up to the pending $test.fail: $get.n is 1, one lambda has returned.
        var snapshot: RunSnapshot?
        while snapshot == nil {
            _ = await interpreter.step()
            if interpreter.pending?.name == "$test.fail" { snapshot = interpreter.snapshot() }
        }
        await interpreter.runUntilIdle(until: 5)
        #expect(interpreter.environment.clock.now == 5)
        #expect(run.console.printed == [#"{"ticked":1}"#])
        interpreter.restore(snapshot!)
        #expect(interpreter.pending?.name == "$test.fail")
        #expect(interpreter.timers.active.isEmpty)
        #expect(interpreter.environment.clock.now == 0)
        #expect(interpreter.variables.get == ["n": 1])
        #expect(interpreter.pending?.jason == ["y": 2])
        let printed = run.console.printed.count
        await interpreter.runUntilIdle(until: 5)
        #expect(run.console.printed.count == printed + 1)   // the same tick again
    }

    /// A view's services (its `ViewWorkspace`) live beside the state, not in it: a view that closed and
    /// comes back with a restored snapshot gets them made again, and its actions run as before.
    @Test func aViewThatClosedComesBackWithARestoredSnapshotAndRuns() async throws {
        let second = #"{"$jason": {"head": {"actions": {"$load": {"type": "$test.print", "options": {"on": "second"}, "#
            + #""success": {"type": "$back"}}}}}}"#
        let flow = document("""
            "$load": {"type": "$href", "options": {"url": "data:application/json,\(second.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"}},
            "$show": {"type": "$test.print", "options": {"on": "first again"}}
            """)
        let console = RecordingConsole()
        let interpreter = Interpreter(document: try Document.load(SourceFile(name: "test.json", text: flow)),
                                      registry: Self.registry, console: console)
        await interpreter.start()
        var snapshot: RunSnapshot?
        while snapshot == nil {
            if case .idle = await interpreter.step() { break }
            if interpreter.pending?.name == "$test.print", interpreter.views.count == 2 { snapshot = interpreter.snapshot() }
        }
        await interpreter.runUntilIdle()
        #expect(console.printed == [#"{"on":"second"}"#, #"{"on":"first again"}"#])
        #expect(interpreter.views.count == 1)
        interpreter.restore(try #require(snapshot))
        #expect(interpreter.views.count == 2)
        await interpreter.runUntilIdle()
        #expect(console.printed == [#"{"on":"second"}"#, #"{"on":"first again"}"#, #"{"on":"second"}"#, #"{"on":"first again"}"#])
        #expect(interpreter.diagnostics.isEmpty, "\(interpreter.diagnostics)")
    }

    /// R3: choosing a branch renders all of it with the register of that moment, nested actions too;
    /// a branch compiled at load (templates only in options) and one parsed after rendering agree.
    @Test(arguments: [#""type": "$test.return""#, #""type": "{{'$test.return'}}""#])
    func compiledBranchesRenderLikeTheWholeBranch(type: String) async throws {
        let flow = document("""
            "$load": {"type": "$test.return", "options": {"a": 1}, "success":
              [{"{{#if $jason.a}}": {\(type), "options": {"v": "{{$jason.a}}", "later": "{{$jason.v}}"},
                                     "success": {"type": "$test.print", "options": {"w": "{{$jason.a}}", "v": "{{$jason.v}}"}}}}]}
            """)
        let result = try await run(flow)
        #expect(result.printed == [#"{"w":1,"v":1}"#], "\(result.diagnostics)")
    }

    /// Issue 16, item 8: options without any `{{ }}` still go through st.js once (at load), so falsy
    /// array items are dropped as on the phone.
    @Test func constantOptionsAreTransformedAsStJsDoes() async throws {
        let result = try await run(#"{"type": "$test.print", "options": {"arr": [0, 1, false, "", null, "x"]}}"#)
        #expect(result.printed == [#"{"arr":[1,"x"]}"#])
    }

    static let registry: ActionRegistry = {
        var registry = StandardLibrary.registry
        registry.register(group: "test", ["fail": testRegistry.handler(for: "$test.fail")!,
                                          "print": testRegistry.handler(for: "$test.print")!])
        return registry
    }()

    static func interpreter() async throws -> (interpreter: Interpreter, console: RecordingConsole, log: EventLog) {
        let document = try Document.load(SourceFile(name: "test.json", text: flow))
        let console = RecordingConsole()
        let interpreter = Interpreter(document: document, registry: registry, console: console)
        let log = EventLog()
        interpreter.observers.append(log)
        await interpreter.start()
        return (interpreter, console, log)
    }
}
