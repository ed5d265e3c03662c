import Foundation
import JasonActions
import JasonJSON
import JasonREPL
import JasonRuntime
import Synchronization

/// The `debug` tool's sessions: a REPL per flow, driven one command at a time. The REPLs live in one
/// task that takes the commands in turn (a REPL is used from one task only); a session ends with
/// `quit` or after an hour without commands.
final class MCPDebugSessions: Sendable {
    private struct Request: Sendable {
        var arguments: MCPArguments
        var reply: CheckedContinuation<Reply, Never>
    }

    enum Reply: Sendable {
        case answer(MCPResult)
        case refused(String)
    }

    private let requests: AsyncStream<Request>.Continuation
    static let idleLimit: Duration = .seconds(3600)

    init(folders: MCPFolders) {
        let (stream, continuation) = AsyncStream<Request>.makeStream()
        requests = continuation
        Task { await Self.serve(stream, folders: folders) }
    }

    func debug(_ arguments: MCPArguments) async throws(MCPFailure) -> MCPResult {
        let reply = await withCheckedContinuation { continuation in
            requests.yield(Request(arguments: arguments, reply: continuation))
        }
        switch reply {
        case .answer(let result): return result
        case .refused(let message): throw MCPFailure(message)
        }
    }

    /// One session: its REPL, what the REPL writes for the command being run, and when it was last used.
    private final class Session {
        let repl: REPL
        let transcript: Transcript
        var lastUsed = ContinuousClock.now

        init(repl: REPL, transcript: Transcript) {
            self.repl = repl
            self.transcript = transcript
        }
    }

    final class Transcript: Sendable {
        private let text = Mutex("")
        func write(_ more: String) { text.withLock { $0 += more } }
        func take() -> String { text.withLock { t in defer { t = "" }; return t } }
    }

    private static func serve(_ stream: AsyncStream<Request>, folders: MCPFolders) async {
        var sessions: [String: Session] = [:]
        var made = 0
        for await request in stream {
            let now = ContinuousClock.now
            sessions = sessions.filter { now - $0.value.lastUsed < idleLimit }
            let args = request.arguments
            do {
                guard let command = try args.string("command") else { throw MCPFailure("debug takes a \"command\": one REPL command") }
                let id: String
                let session: Session
                switch (try args.string("session"), try args.string("path")) {
                case (let known?, nil):
                    guard let found = sessions[known] else {
                        throw MCPFailure("no debugging session \(known) (it ended with quit, or an hour without commands); "
                                      + "start one with {\"path\", \"command\"}")
                    }
                    (id, session) = (known, found)
                case (nil, let path?):
                    made += 1
                    (id, session) = ("s\(made)", try await start(path, args, folders: folders))
                    sessions[id] = session
                default:
                    throw MCPFailure("debug takes \"path\" (to start a session) or \"session\" (to go on with one), one of them")
                }
                session.lastUsed = now
                let goesOn = await session.repl.runLine(command)
                if !goesOn { sessions[id] = nil }
                request.reply.resume(returning: .answer(answer(id, session, output: session.transcript.take(), ended: !goesOn)))
            } catch let failure as MCPFailure {
                request.reply.resume(returning: .refused(failure.message))
            } catch {
                request.reply.resume(returning: .refused("\(error)"))
            }
        }
    }

    private static func start(_ written: String, _ args: MCPArguments, folders: MCPFolders) async throws(MCPFailure) -> Session {
        let path = try folders.resolve(written)
        let stubs = try args.string("stubs").map { stubs throws(MCPFailure) in try folders.resolve(stubs) }
        let offline = try args.bool("offline") ?? true
        let started: SessionStart
        do {
            let launch = try RunLaunch(RunLaunch.Request(file: path, stubs: stubs, offline: offline,
                                                         files: FileOptions.Values(allowRead: Array(folders.roots.dropFirst())),
                                                         home: folders.roots.first))
            started = SessionStart(launch, startDate: Date().timeIntervalSince1970)
        } catch { throw MCPFailure(error.plain) }
        let transcript = Transcript()
        let formatter = started.formatter
        let repl = await REPL(document: started.document, setup: started.setup, reader: { _ in PlainLineReader { nil } },
                        write: { transcript.write($0) }, describe: { formatter.format($0) })
        repl.actionHelp = { ActionReference.help(for: $0) }
        return Session(repl: repl, transcript: transcript)
    }

    private static func answer(_ id: String, _ session: Session, output: String, ended: Bool) -> MCPResult {
        let status = session.repl.status
        var structured: JSONObject = ["session": .string(id), "state": .string(ended ? "closed" : status.state)]
        if !ended, let step = status.paused {
            var position: JSONObject = ["pointer": .string(step.path.pointer.description)]
            if let file = step.path.file { position["file"] = .string(file) }
            if let location = step.path.location {
                position["line"] = .int(location.line)
                position["column"] = .int(location.column)
            }
            structured["position"] = .object(position)
        }
        // A command the REPL refused (unknown, or its arguments wrong) is a failed call, so the model sees it.
        return MCPResult(output.isEmpty ? "(no output)\n" : output, .object(structured), isError: output.hasPrefix("error: "))
    }
}
