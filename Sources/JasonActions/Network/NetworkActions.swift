import Foundation
import JasonJSON
import JasonRuntime

/// `$network.request` and `$require` over the environment's transport (R18, R36).
package enum NetworkActions {
    package static let handlers: [String: any ActionHandler] = ["request": RequestAction()]
}

struct RequestAction: ActionHandler {
    let spec: ActionSpec? = ActionSpec(
        "Sends an HTTP request.",
        options: [OptionSpec("url", .string, required: true, "the address"),
                  OptionSpec("method", .string, default: "get", "get, post, put, delete, head or patch"),
                  OptionSpec("data", .object, "query parameters (get, head, delete) or the body (others)"),
                  OptionSpec("header", .object, "request headers"), OptionSpec("headers", .object, "request headers (the same)"),
                  OptionSpec("content_type", .string, "json sends data as JSON; otherwise it is form-encoded"),
                  OptionSpec("data_type", .string, default: "json", "json parses the response; html, xml, rss and raw give text"),
                  OptionSpec("timeout", .number, range: NumberRange(0.001...86_400), "seconds the whole exchange may take (default 60)")],
        returns: "the parsed response (or its text); an empty response leaves it undefined",
        errors: "an HTTP status that is not 2xx, a response that is not the JSON asked for, no connection: {message, type, url, status?, body?}",
        terminal: "real HTTP, answered by --stubs first, --record / --replay to save and serve exchanges, --offline to allow none; headers and body stored by $session.set for the domain are added")

    func perform(_ invocation: ActionInvocation, in context: ActionContext) async throws(ActionFailure) -> JSON? {
        let options = invocation.optionObject
        let request = try await Self.request(from: options, invocation, context.network, sessions: context.stores.session)
        let response: HTTPResponse
        do {
            response = try await context.network.transport.send(request)
        } catch {
            throw ActionFailure(payload: ["message": .string(error.description), "type": .string(invocation.type),
                                          "url": .string(request.url)])
        }
        let dataType = options["data_type"]?.stringValue?.lowercased() ?? "json"
        let body = Self.decode(response.body, as: dataType)
        guard (200..<300).contains(response.status) else {
            throw ActionFailure(payload: ["message": .string("HTTP \(response.status) from \(request.url)"),
                                          "type": .string(invocation.type), "url": .string(request.url),
                                          "status": .int(response.status), "body": body ?? .string(response.bodyText)])
        }
        if response.body.isEmpty || request.method == "HEAD" { return .object([:]) }
        guard let body else {
            throw ActionFailure(payload: ["message": .string("the response from \(request.url) is not JSON (ask for data_type raw to get text)"),
                                          "type": .string(invocation.type), "url": .string(request.url),
                                          "status": .int(response.status), "body": .string(response.bodyText)])
        }
        return body
    }

    /// The response body as the action asked for it: parsed JSON (nil when it is not JSON), or text.
    static func decode(_ body: [UInt8], as dataType: String) -> JSON? {
        let text = String(decoding: body, as: UTF8.self)
        switch dataType {
        case "raw": return .string(text)
        case "html", "xml", "rss": return .string(text.replacingOccurrences(of: "\n", with: " "))
        default: return text.isEmpty ? nil : try? JSONParser.parse(text)
        }
    }

    static func request(from options: JSONObject, _ invocation: ActionInvocation, _ network: ActionNetwork,
                        sessions: any KeyValueStore) async throws(ActionFailure) -> HTTPRequest {
        // A `stdin:` URL is a relative one in a flow read from standard input: the transport says why it fails.
        guard let written = options["url"]?.stringValue, case let url = bundled(written, network),
              let parsed = URLComponents(string: url), parsed.scheme != nil,
              parsed.host != nil || parsed.scheme == "file" || parsed.scheme == "stdin" else {
            throw ActionFailure(message: "'\(options["url"]?.stringValue ?? "")' is not a URL", type: invocation.type)
        }
        let method = (options["method"]?.stringValue ?? "get").uppercased()
        var headers: [HTTPHeader] = []
        var data = options["data"]?.objectValue ?? [:]
        if let host = parsed.host?.lowercased(), let session = try? sessions.load().value[host] {
            for (k, v) in session["header"]?.objectValue ?? [:] { headers.append(HTTPHeader(k, v.stringValue ?? v.description)) }
            for (k, v) in session["body"]?.objectValue ?? [:] where data[k] == nil { data[k] = v }
        }
        for key in ["header", "headers"] {
            for (k, v) in options[key]?.objectValue ?? [:] { headers.append(HTTPHeader(k, v.stringValue ?? v.description)) }
        }
        var target = url
        var body: [UInt8]? = nil
        if !data.isEmpty {
            if ["GET", "HEAD", "DELETE"].contains(method) {
                target += (url.contains("?") ? "&" : "?") + FormData.encode(data)
            } else if options["content_type"]?.stringValue?.lowercased() == "json" {
                body = Array(JSONPrinter.compact(.object(data)).utf8)
                headers.append(HTTPHeader("Content-Type", "application/json"))
            } else {
                body = Array(FormData.encode(data).utf8)
                headers.append(HTTPHeader("Content-Type", "application/x-www-form-urlencoded"))
            }
        }
        let timeout = options["timeout"].flatMap(NumberRange.number)
        return HTTPRequest(method: method, url: target, headers: headers, body: body, timeout: timeout,
                           origin: network.url)
    }
}

/// `$require`: every URL of the options fetched at once; the result has the options' shape, with `""`
/// in place of a URL that failed (as on iOS, S18). URLs naming `$document` are left out (R36).
struct RequireAction: ActionHandler {
    let spec: ActionSpec? = ActionSpec(
        "Fetches JSON from several URLs at once and returns it in the shape of its options.", openOptions: true,
        returns: "an object with the same keys: a URL's JSON, or an array of them; \"\" where a fetch failed",
        errors: "never (as on iOS)", terminal: "through the same transports as $network.request")

    func perform(_ invocation: ActionInvocation, in context: ActionContext) async throws(ActionFailure) -> JSON? {
        let transport = context.network.transport
        let origin = context.network.url
        var jobs: [(key: String, index: Int?, url: String)] = []
        var shapes = JSONObject()
        for (key, value) in invocation.optionObject {
            switch value {
            case .string(let url) where !url.contains("$document"):
                jobs.append((key, nil, bundled(url, context.network)))
                shapes[key] = ""
            case .array(let urls):
                let strings = urls.compactMap(\.stringValue).filter { !$0.contains("$document") }
                for (i, url) in strings.enumerated() { jobs.append((key, i, bundled(url, context.network))) }
                shapes[key] = .array(Array(repeating: "", count: strings.count))
            default:
                continue
            }
        }
        let results = await withTaskGroup(of: (Int, JSON).self) { group in
            for (n, job) in jobs.enumerated() {
                group.addTask {
                    guard let response = try? await transport.send(HTTPRequest(method: "GET", url: job.url, origin: origin)),
                          (200..<300).contains(response.status),
                          let json = try? JSONParser.parse(response.bodyText) else { return (n, "") }
                    return (n, json)
                }
            }
            var collected = [JSON](repeating: "", count: jobs.count)
            for await (n, json) in group { collected[n] = json }
            return collected
        }
        for (n, job) in jobs.enumerated() {
            if let index = job.index, case .array(var list)? = shapes[job.key] {
                list[index] = results[n]
                shapes[job.key] = .array(list)
            } else {
                shapes[job.key] = results[n]
            }
        }
        return .object(shapes)
    }
}

/// `file://` URLs name files beside the document (the app bundle on the phone); others stay as written.
func bundled(_ url: String, _ network: ActionNetwork) -> String {
    url.hasPrefix("file://") ? network.absoluteURL(url) : url
}
