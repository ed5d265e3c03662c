import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// `RunState.callStack`: the frames of the running chain, each with the `$jason` its caller had.
@Suite struct CallStackTests {
    static let flow = document("""
        "$load": {"type": "$test.return", "options": {"user": "ann"}, "success":
          {"trigger": "middle", "options": {"level": 2}, "success": {"type": "$test.print"}}},
        "middle": {"trigger": "inner", "options": {"level": 3}, "success": {"type": "$return.success"}},
        "inner": {"type": "$test.print", "options": {"at": "{{$jason.level}}"}, "success": {"type": "$return.success"}}
        """)

    /// Steps until the pending action is `name` at depth `depth`.
    static func stepTo(_ interpreter: Interpreter, _ name: String, depth: Int) async {
        while !(interpreter.pending?.name == name && interpreter.pending?.depth == depth) {
            if case .idle = await interpreter.step() { Issue.record("never reached \(name)"); return }
        }
    }

    @Test func framesKeepTheirCallersJason() async throws {
        let interpreter = Interpreter(document: try Document.load(SourceFile(name: "test.json", text: Self.flow)),
                                      registry: testRegistry, console: RecordingConsole())
        await interpreter.start()
        #expect(interpreter.state.callStack.isEmpty)
        await Self.stepTo(interpreter, "$test.print", depth: 2)
        let stack = interpreter.state.callStack
        #expect(stack.map(\.name) == ["inner", "middle", "$load"])
        #expect(stack.map(\.action) == ["$test.print", "trigger inner", "trigger middle"])
        #expect(stack.map(\.jason) == [["level": 3], ["level": 2], ["user": "ann"]])
        #expect(stack.map(\.jasonKnown) == [true, true, true])
        #expect(stack[2].path.pointer.description == "/$jason/head/actions/$load/success")
        #expect(stack[0].path.location?.line == 4)

        // Returning pops the frame with its kept $jason.
        await Self.stepTo(interpreter, "$return.success", depth: 1)
        #expect(interpreter.state.callStack.map(\.jason) == [nil, ["user": "ann"]])
        await Self.stepTo(interpreter, "$test.print", depth: 0)
        #expect(interpreter.state.callStack.map(\.name) == ["$load"])
    }
}
