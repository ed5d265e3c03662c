import Foundation
import JasonJSON
import JasonRuntime
import Synchronization

/// Canned answers from a `--stubs` file (format: Docs/Stubs.md, schema: Docs/stubs.schema.json).
/// A request no stub matches goes on to `next` (the network, or offline). A stub with a list of
/// responses gives them in order, and its last one keeps answering.
package struct StubTransport: HTTPTransport {
    package struct Stub: Sendable {
        var method: String?
        var urlPattern: String
        var body: JSON?
        var outcomes: [Outcome]
        /// Where the stub is written in its file, and each of its outcomes.
        var path: ActionPath
        var outcomePaths: [ActionPath]
    }

    enum Outcome: Sendable {
        case response(HTTPResponse, delay: Double)
        case failure(String)
    }

    package var stubs: [Stub]
    package var next: any HTTPTransport
    package var clock: any InterpreterClock
    /// How many requests each stub has answered; a new transport starts from none.
    private let uses: UseCounts

    package init(stubs: [Stub], next: any HTTPTransport, clock: any InterpreterClock) {
        self.stubs = stubs
        self.next = next
        self.clock = clock
        uses = UseCounts(stubs.count)
    }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let index = stubs.firstIndex(where: { $0.matches(request) }) else { return try await next.send(request) }
        let stub = stubs[index]
        let used = uses.counts.withLock { counts in
            defer { counts[index] += 1 }
            return counts[index]
        }
        switch stub.outcomes[min(used, stub.outcomes.count - 1)] {
        case .response(let response, let delay):
            if delay > 0 { await clock.sleep(until: clock.now + delay) }
            return response
        case .failure(let message):
            throw TransportError(message)
        }
    }

    /// Warnings for the stubs no request reached, and for responses of a list that were never given.
    package var unused: [Diagnostic] {
        let counts = uses.counts.withLock { $0 }
        return zip(stubs, counts).compactMap { stub, count in
            if count == 0 {
                return Diagnostic(.unusedStub, .warning, "no request matched this stub (\(stub.describe))", at: stub.path)
            }
            guard count < stub.outcomes.count else { return nil }
            return Diagnostic(.unusedStub, .warning,
                              "only \(count) of the \(stub.outcomes.count) responses of this stub were used (\(stub.describe))",
                              at: stub.outcomePaths[count])
        }
    }
}

final class UseCounts: Sendable {
    let counts: Mutex<[Int]>
    init(_ count: Int) { counts = Mutex(Array(repeating: 0, count: count)) }
}

extension StubTransport.Stub {
    var describe: String { (method.map { $0.uppercased() + " " } ?? "") + urlPattern }

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
