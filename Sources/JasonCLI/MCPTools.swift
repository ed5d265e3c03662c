import Foundation
import JasonAnalysis
import JasonJSON
import JasonRuntime

/// The folders an MCP server may read, given when it starts: a path an assistant names is taken only
/// when it lies inside one of them, links resolved.
struct MCPFolders: Sendable {
    let roots: [String]

    init(_ folders: [String]) {
        roots = folders.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
    }

    /// The absolute path of `written` (relative to the first root), when it is inside a root.
    func resolve(_ written: String) throws(MCPFailure) -> String {
        let base = URL(fileURLWithPath: roots.first ?? FileManager.default.currentDirectoryPath, isDirectory: true)
        let path = URL(fileURLWithPath: written, relativeTo: base).standardizedFileURL.resolvingSymlinksInPath().path
        guard roots.contains(where: { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
            throw MCPFailure("\(written) is outside the folders this server may read (\(roots.joined(separator: ", ")); "
                             + "start it with --allow-read FOLDER to add one)")
        }
        return path
    }
}

/// The tools (names fixed, so clients and docs can rely on them): `check`, `run`, `test` and `help` are
/// the commands of the same names, run in this process; `debug` is a REPL session per flow.
struct MCPTools: Sendable {
    let folders: MCPFolders
    let sessions: MCPDebugSessions
    /// The real time a `check`, `run` or `test` call may take before it is stopped.
    var callLimit = Self.callLimit

    static let callLimit: Duration = .seconds(30)

    /// A call to a tool that exists always gets a tool result: a wrong argument is one with `isError`, so
    /// that the model reads what is wrong (MCP 2025-11-25); only an unknown tool is a protocol error.
    func call(_ name: String, _ arguments: JSONObject) async throws -> MCPResult {
        guard let known = Self.argumentNames[name] else {
            throw MCPFailure("no tool named \(name); tools/list names check, run, test, explore, help and debug")
        }
        do {
            for key in arguments.keys where !known.contains(key) {
                let near = Suggestion.closest(to: key, among: known.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
                throw MCPFailure("\(name) takes no argument \"\(key)\"\(near) (it takes \(known.sorted().joined(separator: ", ")))")
            }
            return try await answer(name, MCPArguments(name: name, values: arguments))
        } catch let failure as MCPFailure {
            return MCPResult("error: \(failure.message)\n", ["error": .string(failure.message)], isError: true)
        }
    }

    func answer(_ name: String, _ args: MCPArguments) async throws -> MCPResult {
        switch name {
        case "check": return try await bounded(name) { try await check(args) }
        case "run": return try await bounded(name) { try await run(args) }
        case "test": return try await bounded(name) { try await test(args) }
        case "explore": return try await bounded(name) { try await explore(args) }
        case "help": return await help(args)
        case "debug": return try await sessions.debug(args)
        default: throw MCPFailure("no tool named \(name); tools/list names check, run, test, explore, help and debug")
        }
    }

    /// `work`, stopped when it takes longer than `callLimit` (an endless test would otherwise hold the call
    /// for good): its task is cancelled, which ends the runs inside it at their next step.
    func bounded(_ name: String, _ work: @escaping @Sendable () async throws -> MCPResult) async throws -> MCPResult {
        let limit = callLimit
        return try await withThrowingTaskGroup(of: MCPResult?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            if let answer = try await group.next(), let answer { return answer }
            let seconds = JSNumber.format(Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18)
            return MCPResult("\(name) was stopped after \(seconds) s of real time (the server's limit for one call); "
                             + "a flow or a test that loops for ever ends this way: look for a trigger cycle, or lower maxSteps\n",
                             ["stopped": true], isError: true)
        }
    }

    /// A flow named by `path` (inside the folders) or given as `document` text: the CLI's file argument
    /// and what standard input then holds.
    func flow(_ args: MCPArguments) throws -> (file: String, input: String) {
        switch (try args.string("path"), try args.string("document")) {
        case (let path?, nil): return (try folders.resolve(path), "")
        case (nil, let document?): return ("-", document)
        default: throw MCPFailure("\(args.name) takes \"path\" (a flow's file) or \"document\" (its text), one of them")
        }
    }

    func check(_ args: MCPArguments) async throws -> MCPResult {
        let (file, input) = try flow(args)
        // One analysis (the function `jasonrun check` calls), as data; the text says the same, a line per
        // finding as `jasonrun check` heads each.
        let checked = Checking(files: FileOptions.Values()).check([file], input: { Array(input.utf8) })
        let findings = ReportFormats.json(checked.diagnostics).arrayValue ?? []
        let lines = findings.map { d in
            let place = [d["file"]?.stringValue, d["line"].map(JSONPrinter.compact), d["column"].map(JSONPrinter.compact)]
                .compactMap { $0 }.joined(separator: ":")
            return "\(place): \(d["severity"]?.stringValue ?? ""): \(d["message"]?.stringValue ?? "") [\(d["id"]?.stringValue ?? "")]\n"
                + (d["pointer"]?.stringValue.map { "  at \($0)\n" } ?? "")
        }
        let errors = findings.count { $0["severity"] == "error" }
        let text = lines.joined() + checked.unread.joined() + "\(errors) error\(errors == 1 ? "" : "s"), \(findings.count - errors) warning\(findings.count - errors == 1 ? "" : "s")\n"
        return MCPResult(text, ["diagnostics": .array(findings), "exit": .int(Int(checked.status))], isError: checked.status > 1)
    }

    func run(_ args: MCPArguments) async throws -> MCPResult {
        let (file, input) = try flow(args)
        // The run `jasonrun FLOW --print-jason` makes, from the same plain values its options fill.
        var settings = RunSettings(file: file)
        settings.printJason = true
        settings.limit.wallLimit = "30s"
        settings.answers = StubOptions.Values(stubs: try args.string("stubs").map { stubs throws in try folders.resolve(stubs) },
                                              offline: try args.bool("offline") ?? true)
        settings.store.noPersist = !(try args.bool("persist") ?? false)
        func seed(_ key: String) -> String? { args.values[key].flatMap { $0 == .null ? nil : JSONPrinter.compact($0) } }
        settings.seed = SeedOptions.Values(params: seed("params"), jason: seed("jason"), global: seed("global"))
        if let number = try args.int("seed") {
            guard let seed = UInt64(exactly: number) else { throw MCPFailure("seed must be a whole number, 0 or more") }
            settings.repeatable.seed = seed
        }
        if let steps = try args.int("max_steps") { settings.limit.maxSteps = steps }
        if let seconds = try args.number("time_limit") { settings.limit.timeLimit = JSNumber.format(seconds) }
        settings.files.allowRead = folders.roots
        let refused = [settings.limit.problem, settings.repeatable.problem, settings.store.problem, settings.files.problem,
                       settings.problem].compactMap { $0 }
        if let problem = refused.first { throw MCPFailure(problem) }
        let io = PiecesIO(input: input)
        let status = await settings.execute(io: io)
        let result = (status: status, out: io.captured.out, err: io.captured.err, pieces: io.pieces)
        // --print-jason writes the final $jason last, as one piece.
        let ran = result.status == 0 || result.status == 1 || result.status >= 80
        let jason = ran ? result.pieces.last.flatMap { try? JSONParser.parse($0) } ?? .null : .null
        let stdout = ran ? result.pieces.dropLast().joined() : result.out
        return MCPResult(stdout + (result.err.isEmpty ? "" : "--- stderr\n" + result.err) + "exit: \(result.status)\n",
                               ["stdout": .string(stdout), "stderr": .string(result.err), "exit": .int(Int(result.status)),
                                "jason": jason],
                               isError: result.status != 0)
    }

    func test(_ args: MCPArguments) async throws -> MCPResult {
        guard let path = try args.string("path") else { throw MCPFailure("test takes \"path\": a test file or a folder of them") }
        let io = CapturedIO(input: "")
        let outcome = await TestRun(paths: [try folders.resolve(path)], files: FileOptions.Values(allowRead: folders.roots)).run(io: io)
        let summary = io.out.split(separator: "\n").last.map(String.init) ?? ""
        var structured: JSONObject = ["summary": .string(summary)]
        let status: Int32
        switch outcome {
        case .ran(let results, let failed):
            status = failed == 0 ? ExitStatus.ok : ExitStatus.unhandledError
            structured["passed"] = .int(results.reduce(0) { $0 + $1.cases.count } - failed)
            structured["failed"] = .int(failed)
        case .stopped(let stopped):
            status = stopped
        }
        structured["exit"] = .int(Int(status))
        return MCPResult(io.out + io.err, .object(structured), isError: status > 1)
    }

    func help(_ args: MCPArguments) async -> MCPResult {
        let action = (try? args.string("action")) ?? nil
        let result = await Self.jasonrun(["help"] + (action.map { [$0] } ?? []))
        return MCPResult(result.out + result.err, ["reference": .string(result.out + result.err)], isError: result.status != 0)
    }

    /// One command of the CLI, in this process, its streams kept.
    static func jasonrun(_ arguments: [String], input: String = "") async -> (status: Int32, out: String, err: String, pieces: [String]) {
        let io = PiecesIO(input: input)
        let status = await Jasonrun.main(arguments, io: io)
        return (status, io.captured.out, io.captured.err, io.pieces)
    }
}
