import JasonJSON

/// JSON-RPC 2.0 messages as the language server (and the MCP server) reads and writes them.
package enum RPC {
    /// A message from the client: a request (with an id) or a notification.
    package struct Incoming {
        package var id: JSON?
        package var method: String
        package var params: JSON
    }

    package enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
    }

    /// A message that cannot be handled, and the id to answer it with when one could be read.
    package struct Problem: Error {
        package var id: JSON?
        package var code: ErrorCode
        package var message: String
    }

    /// The message in `body`, or the error to answer it with.
    package static func decode(_ body: [UInt8]) -> Result<Incoming, Problem> {
        guard let json = try? JSONParser.parse(String(decoding: body, as: UTF8.self)) else {
            return .failure(Problem(id: nil, code: .parseError, message: "the message is not JSON"))
        }
        guard case .object(let members) = json, case .string(let method)? = members["method"] else {
            // A response to something we never asked, or not JSON-RPC at all.
            return .failure(Problem(id: json["id"], code: .invalidRequest, message: "a message needs a \"method\""))
        }
        return .success(Incoming(id: members["id"], method: method, params: members["params"] ?? .null))
    }

    package static func response(id: JSON, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    package static func error(id: JSON?, code: ErrorCode, message: String) -> JSON {
        ["jsonrpc": "2.0", "id": id ?? .null, "error": ["code": .int(code.rawValue), "message": .string(message)]]
    }

    package static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}

extension JSON {
    var intValue: Int? {
        switch self {
        case .int(let i): i
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: Int(d)
        default: nil
        }
    }
}
