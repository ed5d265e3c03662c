import ArgumentParser
import JasonRuntime

/// The `jasonrun` command line. `jasonrun FLOW.json` runs a flow; subcommands come with later issues.
package struct Jasonrun: ParsableCommand {
    /// What `jasonrun --version` prints.
    package static let version = "0.2.0"

    package static let configuration = CommandConfiguration(
        commandName: "jasonrun",
        abstract: "Run Jasonette action JSON as a program.",
        usage: "jasonrun FLOW.json [--trace[=json]] [--render json|tree|none] [--state-dir D | --no-persist] [--max-steps N]\n  jasonrun repl [FLOW.json] [--stubs F] [--offline]\n  jasonrun test [PATH...] [--junit F] [--coverage F] [--update]\n  jasonrun graph FLOW.json [--format dot|mermaid|svg] [--coverage F]\n  jasonrun explore FLOW.json [--stubs F] [--taps] [--write-tests F]\n  jasonrun preview FLOW.json [--port P] [--stubs F] [--offline] [--no-persist]\n  jasonrun dap\n  jasonrun help [ACTION]\n  jasonrun check FILE... [--format text|json|sarif]\n  jasonrun schema\n  jasonrun state show|clear [--state-dir D]\n  jasonrun lsp\n  jasonrun mcp [--allow-read DIR]\n  jasonrun --version\n  jasonrun <subcommand>",
        subcommands: [RunCommand.self, ReplCommand.self, CheckCommand.self, SchemaCommand.self, LspCommand.self,
                      TestCommand.self, GraphCommand.self, ExploreCommand.self, DapCommand.self,
                      PreviewCommand.self, StateCommand.self, McpCommand.self],
        defaultSubcommand: RunCommand.self)

    package init() {}

    /// Parses `arguments` (without the program name), runs the command and returns the exit status.
    package static func main(_ arguments: [String], io: any TerminalIO) async -> Int32 {
        if let status = answerAtOnce(arguments, io: io) { return status }
        // `jasonrun FLOW.json …`, the common case, is read from RunArguments' table, else parsed as the run
        // command alone: the root's parse also reflects every subcommand. Anything both refuse goes the
        // whole way, so that help and errors read as before.
        // `jasonrun run FLOW.json …` and options before the flow take the same path.
        let runArguments = arguments.first == "run" ? Array(arguments.dropFirst()) : arguments
        if let first = runArguments.first, first.hasSuffix(".json") || first.hasPrefix("-"),
           !runArguments.contains(where: { ["-h", "--help", "help", "--version"].contains($0) }),
           let run = RunArguments.parse(normalize(runArguments)) ?? (try? RunCommand.parse(normalize(runArguments)))?.settings {
            return await run.execute(io: io)
        }
        do {
            var command = try parseAsRoot(normalize(arguments))
            if let run = command as? RunCommand { return await run.settings.execute(io: io) }
            if let repl = command as? ReplCommand { return await repl.execute(io: io) }
            if let check = command as? CheckCommand { return await check.execute(io: io) }
            if let schema = command as? SchemaCommand { return schema.execute(io: io) }
            if let lsp = command as? LspCommand { return lsp.execute() }
            if let test = command as? TestCommand { return await test.execute(io: io) }
            if let graph = command as? GraphCommand { return await graph.execute(io: io) }
            if let explore = command as? ExploreCommand { return await explore.execute(io: io) }
            if let dap = command as? DapCommand { return await dap.execute(io: io) }
            if let preview = command as? PreviewCommand { return await preview.execute(io: io) }
            if let state = command as? StateCommand { return state.execute(io: io) }
            if let mcp = command as? McpCommand { return await mcp.execute(io: io) }
            try command.run() // ArgumentParser's own commands (help) end by throwing CleanExit
            return 0
        } catch {
            let message = fullMessage(for: error)
            let code = exitCode(for: error).rawValue
            if !message.isEmpty { code == 0 ? io.writeOut(message + "\n") : io.writeErr(message + "\n") }
            return code
        }
    }

    /// `--version`, `help` and `help ACTION`, which need nothing that waits: answered before the program
    /// starts Swift's concurrency (jasonrun/main.swift), so they start no thread. Nil for anything else.
    package static func answerAtOnce(_ arguments: [String], io: any TerminalIO) -> Int32? {
        if arguments == ["--version"] {
            io.writeOut("jasonrun \(version)\n")
            return ExitStatus.ok
        }
        if arguments == ["help"] {
            io.writeOut(ActionReference.catalog())
            return ExitStatus.ok
        }
        // `jasonrun help ACTION` (an action type, as in `$util.alert` or `trigger`): the action's reference.
        if arguments.count == 2, arguments[0] == "help", !Self.configuration.subcommands.contains(where: {
            $0.configuration.commandName == arguments[1]
        }) {
            guard let text = ActionReference.help(for: arguments[1]) else {
                var message = "jasonrun: no such action '\(arguments[1])'"
                if let near = ActionReference.suggestion(for: arguments[1]) { message += "; did you mean \(near)?" }
                io.writeErr(message + " (jasonrun help lists them all)\n")
                return ExitStatus.usage
            }
            io.writeOut(text)
            return ExitStatus.ok
        }
        return nil
    }

    /// `--trace` alone means `--trace=text` (ArgumentParser options always take a value); `--trace json`
    /// and `--trace text` are the spaced forms of `--trace=json` and `--trace=text`.
    static func normalize(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            defer { i += 1 }
            guard arguments[i] == "--trace" else { out.append(arguments[i]); continue }
            if i + 1 < arguments.count, let format = TraceFormat(rawValue: arguments[i + 1]) {
                out.append("--trace=\(format.rawValue)")
                i += 1
            } else {
                out.append("--trace=text")
            }
        }
        return out
    }
}

/// Exit statuses (sysexits.h, as DESIGN §4 lists them).
package enum ExitStatus {
    package static let ok: Int32 = 0
    package static let unhandledError: Int32 = 1
    package static let usage: Int32 = 64
    package static let invalidDocument: Int32 = 65
    package static let noInput: Int32 = 66
    /// A service the command needs cannot be had: the preview's port is in use.
    package static let unavailable: Int32 = 69
    package static let internalError: Int32 = 70
    /// A run ended by one of its limits, each its own (Docs/Diagnostics.md, "Limits").
    package static let stepLimit: Int32 = 80
    package static let wallLimit: Int32 = 81
    /// JavaScript that no limit could stop ended the process (JasonScript's RunawayWatch exits with it).
    package static let scriptRunaway: Int32 = 86

    /// The status of a run whose errors are `errors`: a limit's own status, else 1 for any error.
    static func of(_ errors: [Diagnostic]) -> Int32 {
        if errors.contains(where: { $0.id == .stepLimit }) { return stepLimit }
        if errors.contains(where: { $0.id == .wallLimit }) { return wallLimit }
        return errors.isEmpty ? ok : unhandledError
    }
}

extension TraceFormat: ExpressibleByArgument {}
