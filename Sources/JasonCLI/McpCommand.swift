import ArgumentParser
import Foundation

/// `jasonrun mcp`: a Model Context Protocol server on standard input and output, for assistants
/// (Docs/Editors.md).
struct McpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the Model Context Protocol on standard input and output (for AI assistants).",
        discussion: """
            Tools: check, run, test, explore, help and debug (a REPL session per flow); resources: the docs and the \
            JSON Schema of flows. Flows, stubs and test files are read only under the current folder and the \
            --allow-read folders; runs are offline and keep $global, $session and $cache in memory unless a \
            call asks otherwise, with the limits of a batch run (and 30 s of real time).
            """)

    @Option(help: ArgumentHelp("Another folder whose flows may be read (default: the current folder only).", valueName: "dir"))
    var allowRead: [String] = []

    @Option(help: ArgumentHelp("Seconds of real time one check, run or test call may take (default 30).", valueName: "seconds"))
    var callLimit: Double = 30

    func validate() throws {
        if !(callLimit > 0) { throw ValidationError("--call-limit takes seconds above 0") }
    }

    func execute(io: any TerminalIO) async -> Int32 {
        let folders = MCPFolders([FileManager.default.currentDirectoryPath] + allowRead)
        await MCPServer.serve(folders: folders, callLimit: .milliseconds(Int64(callLimit * 1000)))
        return ExitStatus.ok
    }
}
