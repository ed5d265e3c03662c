import JasonJSON
import JasonRuntime
import Synchronization

/// Where the program's actions print during a REPL session; silent while `back` replays a run.
public final class SessionConsole: Console {
    private let output: @Sendable (String) -> Void
    private let silenced = Atomic(false)

    public init(output: @escaping @Sendable (String) -> Void) {
        self.output = output
    }

    var muted: Bool {
        get { silenced.load(ordering: .relaxed) }
        set { silenced.store(newValue, ordering: .relaxed) }
    }

    public func print(_ line: String) { if !muted { output(line + "\n") } }
    public func printError(_ line: String) { if !muted { output(line + "\n") } }
    public func present(body: JSON) { if !muted { output(JSONPrinter.pretty(body) + "\n") } }
}

/// The responses a session received, so that a replay (`back`) gets the same answers without asking
/// the network again. Requests are matched by method, URL and body, in the order they were made.
final class ExchangeLog: Sendable {
    private struct State {
        var responses: [HTTPRequest: [Result<HTTPResponse, TransportError>]] = [:]
        var served: [HTTPRequest: Int] = [:]
    }

    private let state = Mutex(State())

    /// A new run starts: recorded answers are served again from the first.
    func rewind() { state.withLock { $0.served = [:] } }

    func clear() { state.withLock { $0 = State() } }

    struct Transport: HTTPTransport {
        let log: ExchangeLog
        let next: any HTTPTransport

        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            var key = request
            key.timeout = nil
            if let recorded = log.replayed(key) { return try recorded.get() }
            let result: Result<HTTPResponse, TransportError>
            do { result = .success(try await next.send(request)) } catch { result = .failure(error) }
            log.record(key, result)
            return try result.get()
        }
    }

    private func replayed(_ request: HTTPRequest) -> Result<HTTPResponse, TransportError>? {
        state.withLock { s in
            let index = s.served[request, default: 0]
            guard let list = s.responses[request], index < list.count else { return nil }
            s.served[request] = index + 1
            return list[index]
        }
    }

    private func record(_ request: HTTPRequest, _ result: Result<HTTPResponse, TransportError>) {
        state.withLock { s in
            s.responses[request, default: []].append(result)
            s.served[request, default: 0] += 1
        }
    }
}

/// What the user typed at prompting actions (`$util.alert` fields, a picker's choice), so that a replay
/// (`back`) gets the same answers without asking again.
final class TypedAnswers: Sendable {
    private struct State {
        var answers: [String?] = []
        var served = 0
    }

    private let state = Mutex(State())

    func rewind() { state.withLock { $0.served = 0 } }

    func clear() { state.withLock { $0 = State() } }

    /// Answers from the log while replaying, then from `asker`, recording each.
    struct Input: LineInput {
        let log: TypedAnswers
        let asker: any LineInput

        func readLine(prompt: String) async -> String? {
            if let replayed = log.replayed() { return replayed }
            let answer = await asker.readLine(prompt: prompt)
            log.state.withLock { s in
                s.answers.append(answer)
                s.served += 1
            }
            return answer
        }
    }

    private func replayed() -> String?? {
        state.withLock { s in
            guard s.served < s.answers.count else { return nil }
            s.served += 1
            return .some(s.answers[s.served - 1])
        }
    }
}

/// The REPL's own line reader, lent to prompting actions while the program runs (the REPL is then
/// waiting, not reading).
final class ReaderInput: LineInput, @unchecked Sendable {
    let reader: LineReader

    init(_ reader: LineReader) {
        self.reader = reader
    }

    func readLine(prompt: String) async -> String? {
        if case .line(let line) = reader.read(prompt: prompt) { return line }
        return nil
    }
}
