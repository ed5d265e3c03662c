import Foundation
import JasonJSON
import JasonRuntime

/// A `--stubs` file: answers for requests, and for actions that need a person or a device.
package struct StubFile: Sendable {
    package var network: [StubTransport.Stub] = []
    package var answers: [String: [DeviceAnswer]] = [:]

    /// No stubs: every request goes on to the transports below.
    package init() {}

    /// Reads a stub file. Every problem is a diagnostic with the file's line:column and pointer.
    package static func load(_ file: SourceFile) throws(Diagnostic) -> StubFile {
        let parsed: ParsedDocument
        do { parsed = try JSONParser.parseDocument(file) } catch {
            throw Diagnostic(.invalidStubs, .error, error.message, file: file.name, location: error.location)
        }
        return try load(parsed.value, at: .root, locator: SourceLocator(sourceMap: parsed.sourceMap))
    }

    /// Reads stubs written at `base` in a parsed file (a test file holds them inline under `stubs`).
    package static func load(_ value: JSON, at base: JSONPointer, locator: SourceLocator) throws(Diagnostic) -> StubFile {
        func fail(_ message: String, _ pointer: JSONPointer) -> Diagnostic {
            Diagnostic(.invalidStubs, .error, message, at: locator.path(pointer))
        }
        guard case .object(let top) = value else {
            throw fail("a stub file is an object: {\"network\": [ … ]}", base)
        }
        for key in top.keys where !["network", "answers", "$schema"].contains(key) {
            throw fail("unknown key \"\(key)\" (a stub file has \"network\" and \"answers\")", base.appending(key))
        }
        var contents = StubFile()
        if let answers = top["answers"] {
            contents.answers = try parseAnswers(answers, at: base.appending("answers"), fail: fail)
        }
        guard let network = top["network"] else { return contents }
        guard case .array(let entries) = network else {
            throw fail("\"network\" must be an array of {\"request\": …, \"response\": …}", base.appending("network"))
        }
        var stubs: [StubTransport.Stub] = []
        for (i, entry) in entries.enumerated() {
            let at = base.appending("network").appending(i)
            guard case .object(let members) = entry, case .object(let request)? = members["request"] else {
                throw fail("each stub needs a \"request\" object", at)
            }
            guard case .string(let url)? = request["url"] else {
                throw fail("\"url\" must be a string (use * as a wildcard)", at.appending("request").appending("url"))
            }
            if let method = request["method"], method.stringValue == nil {
                throw fail("\"method\" must be a string", at.appending("request").appending("method"))
            }
            var outcomes: [StubTransport.Outcome] = []
            var outcomePaths: [ActionPath] = []
            if case .string(let message)? = members["error"] {
                outcomes = [.failure(message)]
                outcomePaths = [locator.path(at.appending("error"))]
            } else if let response = members["response"], case .object = response {
                outcomes = [try parseResponse(response, at: at.appending("response"), fail: fail)]
                outcomePaths = [locator.path(at.appending("response"))]
            } else if case .array(let list)? = members["response"] {
                guard !list.isEmpty else { throw fail("an empty list answers nothing", at.appending("response")) }
                for (j, item) in list.enumerated() {
                    let itemAt = at.appending("response").appending(j)
                    // A failed connection may take its turn in a list too (`jasonrun explore` writes such lists).
                    if case .object(let only) = item, only.count == 1, case .string(let message)? = only["error"] {
                        outcomes.append(.failure(message))
                    } else {
                        outcomes.append(try parseResponse(item, at: itemAt, fail: fail))
                    }
                    outcomePaths.append(locator.path(itemAt))
                }
            } else {
                throw fail("each stub needs a \"response\" (an object, or a list used in order) or an \"error\" message", at)
            }
            stubs.append(StubTransport.Stub(method: request["method"]?.stringValue, urlPattern: url, body: request["body"],
                                            outcomes: outcomes, path: locator.path(at), outcomePaths: outcomePaths))
        }
        contents.network = stubs
        return contents
    }

    /// One `response` object: status, headers, body and delay.
    static func parseResponse(_ json: JSON, at: JSONPointer, fail: (String, JSONPointer) -> Diagnostic)
        throws(Diagnostic) -> StubTransport.Outcome
    {
        guard case .object(let response) = json else { throw fail("a response is an object: {\"status\": …, \"body\": …}", at) }
        let status: Int
        switch response["status"] {
        case nil: status = 200
        case .int(let s)? where (100...599).contains(s): status = s
        default: throw fail("\"status\" must be an HTTP status (100-599)", at.appending("status"))
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
        var delay = 0.0
        switch response["delay"] {
        case nil: break
        case .int(let d)? where d >= 0: delay = Double(d)
        case .double(let d)? where d >= 0: delay = d
        default: throw fail("\"delay\" must be a number of seconds", at.appending("delay"))
        }
        return .response(HTTPResponse(status: status, headers: headers, body: body), delay: delay)
    }

    /// `"answers": {"$geo.get": {"value": …}, "$util.alert": [{"value": …}, {"cancel": true}]}`.
    package static func parseAnswers(_ json: JSON, at: JSONPointer, fail: (String, JSONPointer) -> Diagnostic)
        throws(Diagnostic) -> [String: [DeviceAnswer]]
    {
        guard case .object(let byType) = json else {
            throw fail("\"answers\" must be an object from action type to answer", at)
        }
        var answers: [String: [DeviceAnswer]] = [:]
        for (type, entry) in byType {
            let typeAt = at.appending(type)
            guard type.hasPrefix("$") else { throw fail("\"\(type)\" is not an action type (they start with $)", typeAt) }
            let list: [(JSON, JSONPointer)]
            if case .array(let items) = entry {
                guard !items.isEmpty else { throw fail("an empty list answers nothing", typeAt) }
                list = items.enumerated().map { ($1, typeAt.appending($0)) }
            } else {
                list = [(entry, typeAt)]
            }
            var parsed: [DeviceAnswer] = []
            for (item, itemAt) in list {
                guard case .object(let members) = item, members.count == 1, let key = members.keys.first else {
                    throw fail("an answer is {\"value\": …}, {\"error\": …} or {\"cancel\": true}", itemAt)
                }
                switch key {
                case "value": parsed.append(.value(members[key]))
                case "error": parsed.append(.error(members[key]))
                case "cancel" where members[key] == .bool(true): parsed.append(.cancel)
                default: throw fail("an answer is {\"value\": …}, {\"error\": …} or {\"cancel\": true}", itemAt.appending(key))
                }
            }
            answers[type] = parsed
        }
        return answers
    }
}
