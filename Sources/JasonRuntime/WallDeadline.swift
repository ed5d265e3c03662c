import Synchronization

/// The instant `--wall-limit` runs out, once the run has started: set by the interpreter, read by the
/// transport below, so that a server that never answers, or trickles its body, cannot hold a run (or
/// the loading of its mixins) past its real-time limit.
final class WallDeadline: Sendable {
    private let deadlineInstant = Mutex<ContinuousClock.Instant?>(nil)

    func set(_ deadline: ContinuousClock.Instant?) { deadlineInstant.withLock { $0 = deadline } }

    var instant: ContinuousClock.Instant? { deadlineInstant.withLock { $0 } }

    /// What is left of the run's real time; nil without a limit.
    var remaining: Duration? { instant.map { $0 - ContinuousClock.now } }
}

/// Every request of a run goes through here: with a wall limit, it races what is left of it.
struct DeadlineTransport: HTTPTransport {
    let next: any HTTPTransport
    let deadline: WallDeadline

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let remaining = deadline.remaining else { return try await next.send(request) }
        let stopped = TransportError("\(request.method) \(request.url) was stopped by the run's real-time limit (--wall-limit)")
        guard remaining > .zero else { throw stopped }
        // Unstructured, so that a send that ignores cancellation is left behind instead of waited for.
        let (answers, post) = AsyncStream<Result<HTTPResponse, TransportError>?>.makeStream()
        let next = self.next
        let sending = Task {
            do throws(TransportError) { post.yield(.success(try await next.send(request))) } catch { post.yield(.failure(error)) }
        }
        let timer = Task {
            try? await Task.sleep(for: remaining)
            post.yield(nil)
        }
        var first = answers.makeAsyncIterator()
        let answer = await first.next() ?? nil
        sending.cancel()
        timer.cancel()
        post.finish()
        guard let answer else { throw stopped }
        return try answer.get()
    }
}
