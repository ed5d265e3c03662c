import Foundation
import JasonAnalysis
import JasonActions
import JasonJSON
import Synchronization

/// What the tools take, as JSON Schemas a client shows and checks.
extension MCPTools {
    static let catalog: [JSON] = [
        tool("check", title: "Check a flow", annotations: readOnly, output: object([
                "diagnostics": ["type": "array", "items": object([
                    "id": string, "severity": ["enum": ["error", "warning", "note"]], "message": string, "file": string,
                    "line": integer, "column": integer, "pointer": string,
                ], required: ["id", "severity", "message"])],
                "exit": integer,
             ], required: ["diagnostics", "exit"]), description: "Find mistakes in a flow without running it, as `jasonrun check` does: each finding "
             + "with file:line:column, id, message and JSON pointer.",
             inputSchema: schema(flowArguments, oneOf: true)),
        tool("run", title: "Run a flow",
             annotations: ["readOnlyHint": false, "destructiveHint": false, "idempotentHint": false, "openWorldHint": true],
             output: object(["stdout": string, "stderr": string, "exit": integer, "jason": [:]],
                            required: ["stdout", "stderr", "exit", "jason"]), description: "Run a flow as `jasonrun FLOW.json` does, offline and without saving $global or $cache "
             + "unless asked; the run's limits always apply. Gives stdout, stderr, the exit status and the final $jason.",
             inputSchema: schema(flowArguments.merging([
                "stubs": ["type": "string", "description": "a stub file answering requests and device actions (Docs/Stubs.md)"],
                "offline": ["type": "boolean", "description": "let no request reach the network (default true)"],
                "persist": ["type": "boolean", "description": "read and save $global, $session and $cache in the state folder (default false)"],
                "jason": ["description": "the $jason the first chain starts with"],
                "params": ["type": "object", "description": "$params of the first view"],
                "global": ["type": "object", "description": "$global to start with"],
                "seed": ["type": "integer", "minimum": 0, "description": "Math.random()'s seed, for a run that repeats exactly"],
                "max_steps": ["type": "integer", "minimum": 0, "description": "stop after this many actions (default 1,000,000)"],
                "time_limit": ["type": "number", "minimum": 0, "description": "seconds of virtual time timers may run (default 60)"],
             ]) { $1 }, oneOf: true)),
        tool("test", title: "Run flow tests", annotations: readOnly,
             output: object(["summary": string, "passed": integer, "failed": integer, "exit": integer],
                            required: ["summary", "exit"]), description: "Run the cases of a *.test.json file, or of every one in a folder, as `jasonrun test` "
             + "does: the summary line and each failure's diff.",
             inputSchema: schema(["path": ["type": "string", "description": "a test file or a folder"]], required: ["path"])),
        tool("explore", title: "Explore every path of a flow", annotations: readOnly,
             output: object([
                "paths": integer, "forks": integer, "merged": integer, "complete": ["type": "boolean"],
                "unhandledErrors": ["type": "boolean"], "endings": ["type": "array", "items": object([
                    "ending": ["enum": ["unhandled-error", "step-limit", "never-returns", "unanswered-request", "finished"]], "paths": integer,
                    "route": string, "id": string, "message": string, "file": [:], "line": [:], "column": [:], "pointer": [:],
                ], required: ["ending", "paths", "route"])], "exit": integer,
             ], required: ["paths", "endings", "exit"]),
             description: "Follow every answer the outside world may give a flow (each request ok or failed, each device "
             + "answer or failure, each prompt answered or cancelled), as `jasonrun explore` does, and group the paths by how "
             + "they end: an unhandled error at file:line:column with the answers that led there, a loop, a lambda that never "
             + "returns, or a normal end. Nothing reaches the network.",
             inputSchema: schema([
                "path": ["type": "string", "description": "the flow's file"],
                "stubs": ["type": "string", "description": "a stub file: each response or answer it lists is one more path"],
                "taps": ["type": "boolean", "description": "also explore from each tap of the screen (default false)"],
                "max_paths": ["type": "integer", "minimum": 1, "description": "stop after this many paths (default 1000)"],
             ], required: ["path"])),
        tool("help", title: "Action reference", annotations: readOnly, output: object(["reference": string], required: ["reference"]),
             description: "The catalogue of actions, or one action's reference (what it takes, returns and does "
             + "in a terminal), as `jasonrun help`.",
             inputSchema: schema(["action": ["type": "string", "description": "an action type, such as $util.alert"]])),
        tool("debug", title: "Debug a flow",
             annotations: ["readOnlyHint": false, "destructiveHint": false, "idempotentHint": false, "openWorldHint": true],
             output: object([
                "session": string, "state": ["enum": ["loaded", "running", "paused", "finished", "closed"]],
                "position": object(["file": string, "line": integer, "column": integer, "pointer": string], required: ["pointer"]),
             ], required: ["session", "state"]), description: "Debug a flow command by command with the REPL's language (Docs/REPL.md): "
             + "{path, command} starts a session and runs its first command; {session, command} goes on (break, run, step, "
             + "next, continue, back, print {{…}}, where, vars, stack…). Each answer holds the REPL's output and the session's "
             + "state (loaded, running, paused, finished: the run ended and back still works; closed after quit) and position. quit ends a session, as does an hour without commands.",
             inputSchema: schema([
                "path": ["type": "string", "description": "the flow to debug (starts a session)"],
                "session": ["type": "string", "description": "a session this tool started"],
                "command": ["type": "string", "description": "one REPL command, as typed at its prompt"],
                "stubs": ["type": "string", "description": "a stub file (with path)"],
                "offline": ["type": "boolean", "description": "let no request reach the network (default true)"],
             ], required: ["command"])),
    ]

    /// Each tool's argument names, from its schema: a call with another is refused, as the schemas'
    /// `additionalProperties: false` says.
    static let argumentNames: [String: Set<String>] = Dictionary(uniqueKeysWithValues: catalog.compactMap { tool in
        guard let name = tool["name"]?.stringValue, let properties = tool["inputSchema"]?["properties"]?.objectValue else { return nil }
        return (name, Set(properties.keys))
    })

    static let flowArguments: [String: JSON] = [
        "path": ["type": "string", "description": "the flow's file"],
        "document": ["type": "string", "description": "the flow's text, instead of a file"],
    ]

    /// A tool, with what its results hold (`structuredContent`, checked against `output` by clients) and
    /// the hints a client shows before calling it.
    static func tool(_ name: String, title: String, annotations: JSON, output: JSON, description: String,
                     inputSchema: JSON) -> JSON {
        ["name": .string(name), "title": .string(title), "description": .string(description), "inputSchema": inputSchema,
         "outputSchema": output, "annotations": annotations]
    }

    /// Reads files and answers; changes nothing and reaches nothing outside the folders.
    static let readOnly: JSON = ["readOnlyHint": true, "openWorldHint": false]
    static let string: JSON = ["type": "string"]
    static let integer: JSON = ["type": "integer"]

    static func object(_ properties: [String: JSON], required: [String] = []) -> JSON {
        var object: JSONObject = ["type": "object",
                                  "properties": .object(JSONObject(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                                                                   uniquingKeysWith: { $1 }))]
        if !required.isEmpty { object["required"] = .array(required.map(JSON.string)) }
        return .object(object)
    }

    static func schema(_ properties: [String: JSON], required: [String] = [], oneOf: Bool = false) -> JSON {
        var object: JSONObject = ["type": "object",
                                  "properties": .object(JSONObject(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                                                                   uniquingKeysWith: { $1 })),
                                  "additionalProperties": false]
        if !required.isEmpty { object["required"] = .array(required.map(JSON.string)) }
        if oneOf { object["oneOf"] = [["required": ["path"]], ["required": ["document"]]] }
        return .object(object)
    }
}

/// A tool call's arguments, read with their types checked: a wrong one is an MCP error saying which.
struct MCPArguments: Sendable {
    let name: String
    let values: JSONObject

    func string(_ key: String) throws(MCPFailure) -> String? {
        guard let value = values[key], value != .null else { return nil }
        guard case .string(let text) = value else { throw wrong(key, "a string") }
        return text
    }

    func bool(_ key: String) throws(MCPFailure) -> Bool? {
        guard let value = values[key], value != .null else { return nil }
        guard case .bool(let flag) = value else { throw wrong(key, "true or false") }
        return flag
    }

    func int(_ key: String) throws(MCPFailure) -> Int? {
        guard let value = values[key], value != .null else { return nil }
        if case .int(let n) = value, n >= 0 { return n }
        if case .double(let d) = value, d >= 0, d == d.rounded(), d < 1e15 { return Int(d) }
        throw wrong(key, "a whole number, 0 or more")
    }

    func number(_ key: String) throws(MCPFailure) -> Double? {
        guard let value = values[key], value != .null else { return nil }
        if case .int(let n) = value, n >= 0 { return Double(n) }
        if case .double(let d) = value, d >= 0, d.isFinite { return d }
        throw wrong(key, "a number of seconds, 0 or more")
    }

    func wrong(_ key: String, _ kind: String) -> MCPFailure {
        MCPFailure("\(name): \"\(key)\" must be \(kind)")
    }
}

/// The CLI's streams kept in memory, standard output also in the pieces it was written in.
final class PiecesIO: TerminalIO {
    let captured: CapturedIO
    private let written = Mutex<[String]>([])

    init(input: String) { captured = CapturedIO(input: input) }

    var pieces: [String] { written.withLock { $0 } }
    var isTerminal: Bool { false }
    func writeOut(_ text: String) {
        written.withLock { $0.append(text) }
        captured.writeOut(text)
    }
    func writeErr(_ text: String) { captured.writeErr(text) }
    func readAllInput() -> [UInt8] { captured.readAllInput() }
    func readInputLine() -> String? { captured.readInputLine() }
}

/// The docs and the JSON Schema of flows, for an assistant to read.
enum MCPResources {
    static let docs = ["Tutorial", "Actions", "Templates", "REPL", "Testing", "Stubs", "Diagnostics", "Mistakes", "Compatibility",
                       "State", "Editors"]
    /// Where the Debian package installs them (`/usr/share/doc/jasonrun`, seen from the binary in
    /// `/usr/lib/jasonrun`), else the checkout the binary was built from.
    static var folder: URL {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/doc/jasonrun")
        if FileManager.default.fileExists(atPath: installed.appendingPathComponent("Tutorial.md").path) { return installed }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs")
    }

    static var list: [JSON] {
        [["name": "flows.schema.json", "uri": "jasonrun://schema/flows", "mimeType": "application/schema+json",
          "description": "The JSON Schema of flows, with every built-in action's options"]]
            + docs.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0 + ".md").path) }.map {
                ["name": .string($0 + ".md"), "uri": .string("jasonrun://docs/" + $0), "mimeType": "text/markdown"]
            }
    }

    static func read(_ uri: String) -> JSON? {
        if uri == "jasonrun://schema/flows" {
            return ["uri": .string(uri), "mimeType": "application/schema+json",
                    "text": .string(JSONPrinter.pretty(DocumentSchema.make(StandardLibrary.registry)))]
        }
        guard uri.hasPrefix("jasonrun://docs/"), case let name = String(uri.dropFirst("jasonrun://docs/".count)), docs.contains(name),
              let text = try? String(contentsOf: folder.appendingPathComponent(name + ".md"), encoding: .utf8) else { return nil }
        return ["uri": .string(uri), "mimeType": "text/markdown", "text": .string(text)]
    }
}

/// Prompts a client offers its user: the ways an assistant most often starts with a flow, each naming
/// the tools to use and in what order.
enum MCPPrompts {
    static let list: [JSON] = [
        ["name": "debug-flow", "title": "Debug this flow",
         "description": "Find out why a flow fails or does something unexpected, by running it and stepping through it.",
         "arguments": [["name": "path", "description": "the flow's file", "required": true]]],
        ["name": "why-test-fails", "title": "Why does this test fail?",
         "description": "Explain the failing cases of a flow test file, and what to change in the flow or the test.",
         "arguments": [["name": "path", "description": "the *.test.json file", "required": true]]],
    ]

    static func get(_ name: String, arguments: JSONObject) throws(MCPFailure) -> JSON {
        guard case .string(let path)? = arguments["path"], !path.isEmpty else {
            throw MCPFailure("the prompt \(name) needs a \"path\"")
        }
        let text: String
        switch name {
        case "debug-flow":
            text = "Debug the Jasonette flow \(path) with the jasonrun tools. First call check on it and fix what it finds. "
                + "Then call run (offline; give it a stub file if the flow makes requests) and read the diagnostics: each names "
                + "file:line:column and a JSON pointer. If the cause is still unclear, call debug with {\"path\": \"\(path)\", "
                + "\"command\": \"break error\"}, then \"run\", and use print {{$jason}}, vars, where and back to see what each "
                + "action received. Say what the cause is, where it is, and the smallest change that fixes it."
        case "why-test-fails":
            text = "Call the jasonrun test tool on \(path). For each failing case, read its diff (expected against actual), "
                + "open the flow the test file names, and work out whether the flow or the expectation is wrong; call debug on "
                + "the flow to follow the case's events if needed. Explain each failure in a sentence and give the change to make."
        default:
            throw MCPFailure("no prompt named \(name); prompts/list names debug-flow and why-test-fails")
        }
        return ["description": list.first { $0["name"] == .string(name) }?["description"] ?? "",
                "messages": [["role": "user", "content": ["type": "text", "text": .string(text)]]]]
    }
}
