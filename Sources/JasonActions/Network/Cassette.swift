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

    /// Whether `asked` is the recorded request: as it was sent, or as a recording without credentials keeps it.
    static func same(_ recorded: HTTPRequest, _ asked: HTTPRequest) -> Bool {
        if recorded.url == asked.url && recorded.body == asked.body { return true }
        return recorded.url == Cassette.url(asked, redact: true)
            && recorded.bodyText == Cassette.body(asked, redact: true)
    }

    /// The requests that differed from the recording, as sentences.
    package var mismatches: [String] { problems.withLock { $0 } }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let found = used.withLock { used -> Int? in
            let match = exchanges.indices.first { i in
                !used.contains(i) && exchanges[i].request.method == request.method && Self.same(exchanges[i].request, request)
            }
            if let match { used.insert(match) }
            return match
        }
        if let found { return exchanges[found].response }
        let sameURL = exchanges.first { $0.request.url == request.url || $0.request.url == Cassette.url(request, redact: true) }
        let problem = sameURL.map { recorded in
            "\(request.method) \(request.url) differs from the recording (recorded \(recorded.request.method)"
                + (recorded.request.body != request.body ? " with another body" : "") + ")"
        } ?? "\(request.method) \(request.url) is not in the recording"
        problems.withLock { $0.append(problem) }
        throw TransportError(problem)
    }
}

enum Cassette {
    /// What a redacted value becomes (the credentials are those of `Secrets`).
    static let redacted = "[redacted by jasonrun --record; --record-credentials keeps it]"

    static func json(_ request: HTTPRequest, redact: Bool = false) -> JSON {
        var object: JSONObject = ["method": .string(request.method), "url": .string(url(request, redact: redact))]
        object["headers"] = headers(request.headers, redact: redact)
        object["body"] = body(request, redact: redact).map(JSON.string) ?? .null
        return .object(object)
    }

    static func json(_ response: HTTPResponse, redact: Bool = false) -> JSON {
        ["status": .int(response.status), "headers": headers(response.headers, redact: redact), "body": .string(response.bodyText)]
    }

    /// The request's URL as recorded: secret query parameters (`api_key`, `access_token`…) redacted.
    static func url(_ request: HTTPRequest, redact: Bool) -> String {
        redact ? Secrets.redacting(url: request.url, note: redacted) : request.url
    }

    /// The request's body as recorded: secret fields (`password`, `client_secret`…) redacted.
    static func body(_ request: HTTPRequest, redact: Bool) -> String? {
        guard let text = request.bodyText else { return nil }
        return redact ? Secrets.redacting(body: text, note: redacted) : text
    }

    static func headers(_ headers: [HTTPHeader], redact: Bool) -> JSON {
        .object(JSONObject(headers.map { header in
            let secret = redact && Secrets.headers.contains(header.name.lowercased())
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
