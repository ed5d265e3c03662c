import JasonJSON
import JasonRuntime

/// The network of `jasonrun explore`: a request is offered every answer it could get, and the chooser
/// picks one per path. What a stub answers (each response of a list is one answer) and, unless one of
/// those already fails, a failed connection; a request no stub matches gets an empty `{}` answer and the
/// failure. Nothing reaches the real network.
package struct BranchingTransport: HTTPTransport {
    package var stubs: [StubTransport.Stub]
    package var chooser: any OutcomeChooser
    package var clock: any InterpreterClock

    /// The message of a failure the exploration makes up.
    package static let failure = "no connection (one of the answers jasonrun explore tries)"
    /// The end of the message of a request only a stub could answer (a remote document, script or mixin).
    package static let unanswered = " (jasonrun explore reaches no network: stub it to follow it)"

    package init(stubs: [StubTransport.Stub], chooser: any OutcomeChooser, clock: any InterpreterClock) {
        self.stubs = stubs
        self.chooser = chooser
        self.clock = clock
    }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let stubbed = stubs.first { $0.matches(request) }?.outcomes
        let outcomes = stubbed ?? [.response(HTTPResponse(status: 200, body: Array("{}".utf8)), delay: 0)]
        var offered = outcomes
        if !outcomes.contains(where: \.fails) { offered.append(.failure(Self.failure)) }
        // Each outcome written as an alternative once (it reads the response's body), the same one kept once.
        var distinct: [(outcome: StubTransport.Outcome, alternative: Alternative)] = []
        for outcome in offered {
            let alternative = outcome.alternative
            if !distinct.contains(where: { $0.alternative == alternative }) { distinct.append((outcome, alternative)) }
        }
        guard let choice = chooser.choose(distinct.map(\.alternative).numbered(), for: request) else {
            guard let first = stubbed?.first else { throw TransportError("no stub answers \(request.url)" + Self.unanswered) }
            return try await Self.give(first, clock: clock)
        }
        return try await Self.give(distinct[choice].outcome, clock: clock)
    }

    static func give(_ outcome: StubTransport.Outcome, clock: any InterpreterClock) async throws(TransportError) -> HTTPResponse {
        switch outcome {
        case .response(let response, let delay):
            if delay > 0 { await clock.sleep(until: clock.now + delay) }
            return response
        case .failure(let message):
            throw TransportError(message)
        }
    }
}

extension StubTransport.Outcome {
    /// Whether the request takes its error branch with this answer.
    var fails: Bool {
        switch self {
        case .response(let response, _): !(200..<300).contains(response.status)
        case .failure: true
        }
    }

    /// The answer as the report names it and a stub file writes it.
    var alternative: Alternative {
        switch self {
        case .failure(let message):
            return Alternative(message == BranchingTransport.failure ? "fails" : "fails: " + message, stub: ["error": .string(message)])
        case .response(let response, let delay):
            var written: JSONObject = ["status": .int(response.status)]
            var headers = response.headers
            // A body of JSON is written as JSON (a stub sends it as such, with its content type), anything
            // else as its text.
            switch try? JSONParser.parse(response.bodyText) {
            case let json? where json.objectValue != nil || json.arrayValue != nil:
                written["body"] = json
                headers.removeAll { $0.name.lowercased() == "content-type" && $0.value == "application/json" }
            default:
                written["body"] = .string(response.bodyText)
            }
            if !headers.isEmpty {
                written["headers"] = .object(JSONObject(headers.map { ($0.name, JSON.string($0.value)) },
                                                        uniquingKeysWith: { first, _ in first }))
            }
            if delay > 0 { written["delay"] = .double(delay) }
            return Alternative((200..<300).contains(response.status) ? "ok" : "HTTP \(response.status)", stub: .object(written))
        }
    }
}
