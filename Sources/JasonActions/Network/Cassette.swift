import Foundation
import JasonJSON
import JasonRuntime
import Synchronization

/// `--record FILE`: every exchange with `next` is appended to the cassette file (rewritten atomically
/// after each one, so an interrupted run keeps what it recorded). Recordings are meant to be committed as
/// fixtures, so the values of credential headers are replaced by a note unless `keepCredentials`, and the
/// file is the user's alone (0600), written without following a link.
package final class RecordingTransport: HTTPTransport {
    let next: any HTTPTransport
    let path: String
    let keepCredentials: Bool
    let exchanges = Mutex<[JSON]>([])

    package init(next: any HTTPTransport, path: String, keepCredentials: Bool = false) {
        self.next = next
        self.path = path
        self.keepCredentials = keepCredentials
    }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let response = try await next.send(request)
        let redact = !keepCredentials
        let all = exchanges.withLock { list in
            list.append(["request": Cassette.json(request, redact: redact), "response": Cassette.json(response, redact: redact)])
            return list
        }
        let text = JSONPrinter.pretty(["exchanges": .array(all)]) + "\n"
        do { try LocalFile.writePrivately(Array(text.utf8), to: path) } catch {
            throw TransportError("cannot write the recording: \(error.description)")
        }
        return response
    }
}

/// `--replay FILE`: answers from a recording, each exchange once, in the order asked. A request that is
/// not in the recording (another URL, method or body) fails and is kept in `mismatches` for the report.
package final class ReplayingTransport: HTTPTransport {
    struct Exchange {
        var request: HTTPRequest
        var response: HTTPResponse
    }

    let exchanges: [Exchange]
    let used = Mutex<Set<Int>>([])
    let problems = Mutex<[String]>([])

    package init(file: SourceFile) throws(Diagnostic) {
        let parsed: ParsedDocument
        do { parsed = try JSONParser.parseDocument(file) } catch {
            throw Diagnostic(.invalidStubs, .error, error.message, file: file.name, location: error.location)
        }
        let locator = SourceLocator(sourceMap: parsed.sourceMap)
        guard case .array(let entries)? = parsed.value["exchanges"] else {
            throw Diagnostic(.invalidStubs, .error, "a recording is {\"exchanges\": [ … ]}", at: locator.path(.root))
        }
        var exchanges: [Exchange] = []
        for (i, entry) in entries.enumerated() {
            guard let request = entry["request"].flatMap(Cassette.request), let response = entry["response"].flatMap(Cassette.response)
            else {
                throw Diagnostic(.invalidStubs, .error, "exchange \(i) needs a request (method, url) and a response (status)",
                                 at: locator.path(JSONPointer.root.appending("exchanges").appending(i)))
            }
            exchanges.append(Exchange(request: request, response: response))
        }
        self.exchanges = exchanges
    }

    /// The requests that differed from the recording, as sentences.
    package var mismatches: [String] { problems.withLock { $0 } }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let found = used.withLock { used -> Int? in
            let match = exchanges.indices.first { i in
                !used.contains(i) && exchanges[i].request.method == request.method && exchanges[i].request.url == request.url
                    && exchanges[i].request.body == request.body
            }
            if let match { used.insert(match) }
            return match
        }
        if let found { return exchanges[found].response }
        let sameURL = exchanges.first { $0.request.url == request.url }
        let problem = sameURL.map { recorded in
            "\(request.method) \(request.url) differs from the recording (recorded \(recorded.request.method)"
                + (recorded.request.body != request.body ? " with another body" : "") + ")"
        } ?? "\(request.method) \(request.url) is not in the recording"
        problems.withLock { $0.append(problem) }
        throw TransportError(problem)
    }
}

enum Cassette {
    /// Headers whose values are credentials (compared without case).
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie",
                                                 "x-api-key", "x-auth-token"]
    /// What a redacted header's value becomes.
    static let redacted = "[redacted by jasonrun --record; --record-credentials keeps it]"

    static func json(_ request: HTTPRequest, redact: Bool = false) -> JSON {
        var object: JSONObject = ["method": .string(request.method), "url": .string(request.url)]
        object["headers"] = headers(request.headers, redact: redact)
        object["body"] = request.bodyText.map(JSON.string) ?? .null
        return .object(object)
    }

    static func json(_ response: HTTPResponse, redact: Bool = false) -> JSON {
        ["status": .int(response.status), "headers": headers(response.headers, redact: redact), "body": .string(response.bodyText)]
    }

    static func headers(_ headers: [HTTPHeader], redact: Bool) -> JSON {
        .object(JSONObject(headers.map { header in
            let secret = redact && credentialHeaders.contains(header.name.lowercased())
            return (header.name, JSON.string(secret ? redacted : header.value))
        }, uniquingKeysWith: { $1 }))
    }

    static func request(_ json: JSON) -> HTTPRequest? {
        guard case .string(let method)? = json["method"], case .string(let url)? = json["url"] else { return nil }
        return HTTPRequest(method: method, url: url, headers: headers(json["headers"]),
                           body: json["body"]?.stringValue.map { Array($0.utf8) })
    }

    static func response(_ json: JSON) -> HTTPResponse? {
        guard case .int(let status)? = json["status"] else { return nil }
        return HTTPResponse(status: status, headers: headers(json["headers"]), body: Array((json["body"]?.stringValue ?? "").utf8))
    }

    static func headers(_ json: JSON?) -> [HTTPHeader] {
        json?.objectValue?.map { HTTPHeader($0.key, $0.value.stringValue ?? $0.value.description) } ?? []
    }
}

/// `a=1&b=2` ⇄ `{"a": "1", "b": "2"}`.
enum FormData {
    static let allowed: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._~")
        return set
    }()

    static func encode(_ members: JSONObject) -> String {
        members.map { key, value in
            let text = value.stringValue ?? value.description
            return escape(key) + "=" + escape(text)
        }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }

    static func decode(_ text: String?) -> JSON? {
        guard let text, text.contains("=") else { return nil }
        var members = JSONObject()
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            members[parts[0]] = .string(parts.count > 1 ? parts[1] : "")
        }
        return .object(members)
    }
}
