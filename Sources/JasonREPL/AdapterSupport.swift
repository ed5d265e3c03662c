import JasonJSON
import JasonRuntime
import JasonTemplate

/// What a debug adapter needs to drive the REPL's debugger core: the same stepping, breakpoints,
/// frames and expressions, with the REPL's commands for its debug console.
extension REPL {
    /// The debugger under this REPL.
    package var core: Debugger { debugger }

    /// Runs one line as if typed at the prompt: a command, `{{expr}}`, or a typed action.
    package func runLine(_ line: String) async { _ = await execute(line) }

    /// Whether `word` names a REPL command (or a unique prefix of one).
    package static func isCommand(_ word: String) -> Bool {
        if case .found = Command.lookup(word) { return true }
        return false
    }

    /// Whether the command `word` names lets the program run or move (which a debug adapter does itself).
    package static func movesProgram(_ word: String) -> Bool {
        guard case .found(let command) = Command.lookup(word) else { return false }
        return [.run, .trigger, .step, .next, .finish, .continue, .back, .reverseContinue, .advance, .load, .quit]
            .contains(command)
    }

    /// The paused program's frames, innermost first (empty when not paused).
    package var pausedFrames: [CallFrame] { frames }

    /// How a stop reads (`stopped at breakpoint 2`).
    package static func describeStop(_ reason: StopReason) -> String { Display.reason(reason) }

    /// Why a breakpoint can never stop the program, if it cannot (an unknown type, a pointer to nothing,
    /// a condition that does not compile).
    package func breakpointProblem(_ target: Breakpoint.Target, condition: String?) -> String? {
        neverMatches(target, condition: condition)
    }

    /// `{{ x }}` or `x` → `x`.
    package static func unwrapExpression(_ text: String) -> String { Display.unwrap(text) }

    /// A template expression (`{{ }}` optional) evaluated with `jason` as `$jason`: its value (nil when
    /// undefined), or the JavaScript error it threw.
    package func value(of expression: String, jason: JSON?) -> (value: JSON?, error: String?) {
        let inner = Display.unwrap(expression)
        let rendered = interpreter.render(.string("{{" + inner + "}}"), jason: jason)
        let error = rendered.diagnostics.lazy.compactMap { diagnostic -> String? in
            if case .failed(let message) = diagnostic.kind { return message }
            return nil
        }.first
        guard let value = rendered.value, value != .string("{{" + inner + "}}") else { return (nil, error) }
        return (value, nil)
    }
}

/// Asks the running program to stop before its next action (a debug adapter's `pause`). The REPL's
/// Ctrl-C sets the same flag; one session runs per process.
package func interruptProgram() { interruptFlag.store(true, ordering: .relaxed) }

/// Forgets an interruption that came when nothing was running.
package func clearInterruption() { interruptFlag.store(false, ordering: .relaxed) }

extension Debugger {
    /// Gives the first queued call (the document's `$load`, or its single action) `jason` as its `$jason`.
    package func seedFirstCall(jason: JSON) { interpreter.seedFirstCall(jason: jason) }
}
