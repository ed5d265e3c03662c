import Foundation
import JasonJSON
import MCP

/// `jasonrun mcp`: a Model Context Protocol server over stdio (the official Swift SDK), so that an
/// assistant can check, run, test and debug flows as a person does at the command line. The tools are
/// the CLI's commands run in this process (`MCPTools`), the debugging sessions the REPL's
/// (`MCPDebugSessions`), and the resources the docs and the flows' JSON Schema (`MCPResources`).
enum MCPServer {
    static func serve(folders: MCPFolders) async throws {
        let server = Server(name: "jasonrun", version: Jasonrun.version,
                            instructions: "Run, check, test and debug Jasonette action flows. Paths are read only under "
                                + folders.roots.joined(separator: ", ") + "; runs are offline unless a call says otherwise.",
                            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        let tools = MCPTools(folders: folders, sessions: MCPDebugSessions(folders: folders))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: MCPTools.catalog) }
        await server.withMethodHandler(CallTool.self) { params in
            try await tools.call(params.name, params.arguments ?? [:])
        }
        await server.withMethodHandler(ListResources.self) { _ in .init(resources: MCPResources.list, nextCursor: nil) }
        await server.withMethodHandler(ReadResource.self) { params in
            guard let content = MCPResources.read(params.uri) else {
                throw MCPError.invalidParams("no resource \(params.uri); resources/list names them")
            }
            return .init(contents: [content])
        }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }
}

/// Our JSON and the SDK's `Value`, both ways.
enum MCPValue {
    /// A tool's answer: text for the model to read, and the same as data.
    static func result(_ text: String, _ structured: JSON? = nil, isError: Bool = false) -> CallTool.Result {
        let data: Value? = structured.map(value)
        return CallTool.Result(content: [.text(text)], structuredContent: data, isError: isError)
    }

    static func value(_ json: JSON) -> Value {
        switch json {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .array(let items): .array(items.map(value))
        case .object(let members): .object(Dictionary(members.map { ($0.key, value($0.value)) }, uniquingKeysWith: { $1 }))
        }
    }

    static func json(_ value: Value) -> JSON {
        switch value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .data(_, let data): .string(data.base64EncodedString())
        case .array(let items): .array(items.map(json))
        case .object(let members): .object(JSONObject(members.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) },
                                                      uniquingKeysWith: { $1 }))
        }
    }
}
