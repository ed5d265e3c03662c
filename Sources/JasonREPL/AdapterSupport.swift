import JasonDebugger
import JasonJSON
import JasonRuntime

/// What a debug adapter's console, or an assistant's debugging session, takes from the REPL: its command
/// language, run against the debugger the face drives.
extension REPL {
    /// Runs one line as if typed at the prompt: a command, `{{expr}}`, or a typed action. False after `quit`.
    @discardableResult
    package func runLine(_ line: String) async -> Bool { await execute(line) }

    /// The session's state as a face that reports it as data names it, and the paused action, if any:
    /// `loaded` (nothing run yet), `running`, `paused`, or `finished` (the run ended; `back` still works).
    package var status: (state: String, paused: ActionStep?) {
        switch session.state {
        case .paused(let step, _): ("paused", step)
        case .finished, .failed: ("finished", nil)
        case .loaded: ("loaded", nil)
        case .running: ("running", nil)
        }
    }

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

    /// How a stop reads (`stopped at breakpoint 2`).
    package static func describeStop(_ reason: StopReason) -> String { Display.reason(reason) }
}
