import Foundation
import JasonJSON
import JasonRuntime

/// Reads a `--stubs` file. Every problem is a diagnostic with the file's line:column and pointer.
public enum StubFile {
    public static func load(_ file: SourceFile) throws(Diagnostic) -> [StubTransport.Stub] {
        let parsed: ParsedDocument
        do { parsed = try JSONParser.parseDocument(file) } catch {
            throw Diagnostic(.invalidStubs, .error, error.message, file: file.name, location: error.location)
        }
        let locator = SourceLocator(sourceMap: parsed.sourceMap)
        func fail(_ message: String, _ pointer: JSONPointer) -> Diagnostic {
            Diagnostic(.invalidStubs, .error, message, at: locator.path(pointer))
        }
        guard case .object(let top) = parsed.value else {
            throw fail("a stub file is an object: {\"network\": [ … ]}", .root)
        }
        for key in top.keys where !["network", "answers", "$schema"].contains(key) {
            throw fail("unknown key \"\(key)\" (a stub file has \"network\" and \"answers\")", JSONPointer.root.appending(key))
        }
        guard let network = top["network"] else { return [] }
        guard case .array(let entries) = network else {
            throw fail("\"network\" must be an array of {\"request\": …, \"response\": …}", JSONPointer.root.appending("network"))
        }
        var stubs: [StubTransport.Stub] = []
        for (i, entry) in entries.enumerated() {
            let at = JSONPointer.root.appending("network").appending(i)
            guard case .object(let members) = entry, case .object(let request)? = members["request"] else {
                throw fail("each stub needs a \"request\" object", at)
            }
            guard case .string(let url)? = request["url"] else {
                throw fail("\"url\" must be a string (use * as a wildcard)", at.appending("request").appending("url"))
            }
            if let method = request["method"], method.stringValue == nil {
                throw fail("\"method\" must be a string", at.appending("request").appending("method"))
            }
            let outcome: StubTransport.Outcome
            var delay = 0.0
            if case .string(let message)? = members["error"] {
                outcome = .failure(message)
            } else if case .object(let response)? = members["response"] {
                let status: Int
                switch response["status"] {
                case nil: status = 200
                case .int(let s)? where (100...599).contains(s): status = s
                default: throw fail("\"status\" must be an HTTP status (100-599)", at.appending("response").appending("status"))
                }
                var headers: [HTTPHeader] = []
                if case .object(let h)? = response["headers"] {
                    headers = h.map { HTTPHeader($0.key, $0.value.stringValue ?? $0.value.description) }
                }
                var body: [UInt8] = []
                switch response["body"] {
                case nil, .null?: break
                case .string(let text)?: body = Array(text.utf8)
                case let json?:
                    body = Array(JSONPrinter.compact(json).utf8)
                    if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                        headers.append(HTTPHeader("Content-Type", "application/json"))
                    }
                }
                switch response["delay"] {
                case nil: break
                case .int(let d)? where d >= 0: delay = Double(d)
                case .double(let d)? where d >= 0: delay = d
                default: throw fail("\"delay\" must be a number of seconds", at.appending("response").appending("delay"))
                }
                outcome = .response(HTTPResponse(status: status, headers: headers, body: body))
            } else {
                throw fail("each stub needs a \"response\" object or an \"error\" message", at)
            }
            stubs.append(StubTransport.Stub(method: request["method"]?.stringValue, urlPattern: url, body: request["body"],
                                            outcome: outcome, delay: delay))
        }
        return stubs
    }
}
