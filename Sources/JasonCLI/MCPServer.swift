import Foundation
import JasonEditor
import JasonJSON
import Synchronization

/// `jasonrun mcp`: a Model Context Protocol server over stdio, so that an assistant can check, run, test
/// and debug flows as a person does at the command line. The stdio transport is one JSON-RPC message
/// per line; the few messages a tools-and-resources server answers are written here, on the language
/// server's JSON-RPC code (the official Swift SDK brings URLSession, hence libcurl, into the static
/// binary). The tools are the CLI's commands run in this process (`MCPTools`), the debugging sessions the
/// REPL's (`MCPDebugSessions`), and the resources the docs and the flows' JSON Schema (`MCPResources`).
enum MCPServer {
    /// The protocol versions spoken, newest first; a client asking for another gets the newest.
    static let versions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    static func serve(folders: MCPFolders, callLimit: Duration = MCPTools.callLimit) async {
        let tools = MCPTools(folders: folders, sessions: MCPDebugSessions(folders: folders), callLimit: callLimit)
        let calls = MCPCalls()
        // Each request is answered on a task of its own, so that a long call neither holds up the others
        // nor a `notifications/cancelled` for it.
        for await line in lines() where !line.allSatisfy(\.isWhitespace) {
            switch RPC.decode(Array(line.utf8)) {
            case .failure(let problem):
                send(RPC.error(id: problem.id, code: problem.code, message: problem.message))
            case .success(let message):
                guard let id = message.id else {
                    if message.method == "notifications/cancelled", let request = message.params["requestId"] {
                        calls.cancel(request)
                    }
                    continue   // other notifications (initialized) need no answer
                }
                calls.start(id) {
                    let reply: JSON
                    do {
                        reply = RPC.response(id: id, result: try await answer(message, tools: tools, folders: folders))
                    } catch let failure as MCPFailure {
                        reply = RPC.error(id: id, code: failure.code, message: failure.message)
                    } catch {
                        reply = RPC.error(id: id, code: .internalError, message: "\(error)")
                    }
                    // A cancelled request is not answered (the client has stopped waiting for it).
                    if !Task.isCancelled { send(reply) }
                }
            }
        }
        await calls.finish()
    }

    static func answer(_ message: RPC.Incoming, tools: MCPTools, folders: MCPFolders) async throws -> JSON {
        switch message.method {
        case "initialize":
            let asked = message.params["protocolVersion"]?.stringValue ?? ""
            return ["protocolVersion": .string(versions.contains(asked) ? asked : versions[0]),
                    "capabilities": ["tools": ["listChanged": false], "resources": ["subscribe": false, "listChanged": false],
                                     "prompts": ["listChanged": false]],
                    "serverInfo": ["name": "jasonrun", "version": .string(Jasonrun.version)],
                    "instructions": .string("Run, check, test and debug Jasonette action flows. Paths are read only under "
                                            + folders.roots.joined(separator: ", ") + "; runs are offline unless a call says otherwise.")]
        case "ping":
            return [:]
        case "tools/list":
            return ["tools": .array(MCPTools.catalog)]
        case "tools/call":
            guard case .string(let name)? = message.params["name"] else { throw MCPFailure("tools/call needs a \"name\"") }
            let arguments = message.params["arguments"]?.objectValue ?? [:]
            return try await tools.call(name, arguments).json
        case "prompts/list":
            return ["prompts": .array(MCPPrompts.list)]
        case "prompts/get":
            guard case .string(let name)? = message.params["name"] else { throw MCPFailure("prompts/get needs a \"name\"") }
            return try MCPPrompts.get(name, arguments: message.params["arguments"]?.objectValue ?? [:])
        case "resources/list":
            return ["resources": .array(MCPResources.list)]
        case "resources/read":
            guard case .string(let uri)? = message.params["uri"], let content = MCPResources.read(uri) else {
                throw MCPFailure("no resource \(message.params["uri"]?.stringValue ?? "without a uri"); resources/list names them")
            }
            return ["contents": [content]]
        default:
            throw MCPFailure("jasonrun mcp does not answer \(message.method)", code: .methodNotFound)
        }
    }

    /// Standard input's lines, read on a thread of their own.
    static func lines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        Thread {
            while let line = readLine(strippingNewline: true) { continuation.yield(line) }
            continuation.finish()
        }.start()
        return stream
    }

    /// One message a line; answers finish on several tasks, so each line is written whole under a lock.
    static func send(_ message: JSON) {
        let line = Data((JSONPrinter.compact(message) + "\n").utf8)
        output.withLock { _ in FileHandle.standardOutput.write(line) }
    }

    private static let output = Mutex(())
}

/// A call that cannot be answered, with what is wrong: a JSON-RPC error for the client to show.
struct MCPFailure: Error {
    var message: String
    var code: RPC.ErrorCode

    init(_ message: String, code: RPC.ErrorCode = .invalidParams) {
        self.message = message
        self.code = code
    }
}

/// A tool's answer: text for the model to read, the same as data, and whether the call failed.
struct MCPResult: Sendable {
    var text: String
    var structured: JSON?
    var isError = false

    init(_ text: String, _ structured: JSON? = nil, isError: Bool = false) {
        self.text = text
        self.structured = structured
        self.isError = isError
    }

    var json: JSON {
        var result: JSONObject = ["content": [["type": "text", "text": .string(text)]], "isError": .bool(isError)]
        if let structured { result["structuredContent"] = structured }
        return .object(result)
    }
}
