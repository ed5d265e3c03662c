import ArgumentParser
import JasonEditor

/// `jasonrun dap`: the debug adapter editors start (Docs/Editors.md). It speaks the Debug Adapter
/// Protocol on standard input and output; the program and its options come in the `launch` request.
struct DapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dap",
        abstract: "Serve the Debug Adapter Protocol on standard input and output (for editors).",
        discussion: """
            Launch arguments: program (required), stopOnEntry, stubs, offline, stateDir, noPersist, params, \
            jason, global (JSON values, or JSON text / @file as on the command line), timeLimit (seconds), \
            maxSteps, allowRead (folders), seed (Math.random's seed, as --seed), clockStart (Unix seconds or an \
            ISO 8601 date, as --clock-start). $global, $session and $cache live in memory unless stateDir is \
            given, so that stepping back restores them.
            """)

    func execute(io: any TerminalIO) async -> Int32 {
        switch await DebugAdapter(input: 0, output: 1, launcher: DapLauncher.launch).run() {
        case .success(let status): return status
        case .failure(let error):
            io.writeErr("jasonrun dap: the input is not DAP messages any more: \(error)\n")
            return ExitStatus.invalidDocument
        }
    }
}
