import Foundation
import JasonJSON
import JasonRuntime

/// Canned answers from a `--stubs` file (format: Docs/Stubs.md, schema: Docs/stubs.schema.json).
/// A request no stub matches goes on to `next` (the network, or offline).
public struct StubTransport: HTTPTransport {
    public struct Stub: Sendable {
        var method: String?
        var urlPattern: String
        var body: JSON?
        var outcome: Outcome
        var delay: Double
    }

    enum Outcome: Sendable {
        case response(HTTPResponse)
        case failure(String)
    }

    public var stubs: [Stub]
    public var next: any HTTPTransport
    public var clock: any InterpreterClock

    public init(stubs: [Stub], next: any HTTPTransport, clock: any InterpreterClock) {
        self.stubs = stubs
        self.next = next
        self.clock = clock
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let stub = stubs.first(where: { $0.matches(request) }) else { return try await next.send(request) }
        if stub.delay > 0 { await clock.sleep(until: clock.now + stub.delay) }
        switch stub.outcome {
        case .response(let response): return response
        case .failure(let message): throw TransportError(message)
        }
    }
}

extension StubTransport.Stub {
    func matches(_ request: HTTPRequest) -> Bool {
        if let method, method.uppercased() != request.method.uppercased() { return false }
        guard Glob.matches(urlPattern, request.url) else { return false }
        guard let body else { return true }
        if case .string(let text) = body { return request.bodyText == text }
        guard let sent = request.bodyText.flatMap({ try? JSONParser.parse($0) }) ?? FormData.decode(request.bodyText)
        else { return false }
        return sent.contains(body)
    }
}

extension JSON {
    /// Whether `pattern`'s members all appear in this value (objects by key, recursively; the rest equal).
    func contains(_ pattern: JSON) -> Bool {
        guard case .object(let wanted) = pattern, case .object(let have) = self else { return self == pattern }
        return wanted.allSatisfy { key, value in have[key].map { $0.contains(value) } ?? false }
    }
}
