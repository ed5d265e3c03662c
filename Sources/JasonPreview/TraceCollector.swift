import JasonJSON
import JasonRuntime
import Synchronization

/// The side panel's trace: each action boundary as a small JSON object, kept until the session sends
/// them. Only the newest are kept when a runaway loop produces more than the page could show.
final class TraceCollector: ImmediateObserver {
    static let limit = 500

    private struct State {
        var events: [JSON] = []
        var sequence = 0
        var current: JSON?
    }

    private let state = Mutex(State())
    private let clock: any InterpreterClock

    init(clock: any InterpreterClock) {
        self.clock = clock
    }

    func observeNow(_ event: ExecutionEvent) {
        let time = clock.now
        state.withLock { s in
            var line: JSONObject
            switch event {
            case .chainStarted(let origin):
                s.current = nil
                line = ["event": "start", "origin": .string(origin)]
            case .willRun(let step):
                s.current = step.jason
                line = ["event": "run", "name": .string(step.name), "at": .string(step.path.description),
                        "depth": .int(step.depth)]
                if let options = step.options { line["options"] = options }
            case .succeeded(let step, let jason):
                s.current = jason
                line = ["event": "ok", "name": .string(step.name)]
                if let jason { line["jason"] = jason }
            case .failed(let step, let payload):
                s.current = payload
                line = ["event": "error", "name": .string(step.name)]
                if let payload { line["payload"] = payload }
            case .branchTaken:
                return
            case .chainEnded(let outcome):
                switch outcome {
                case .finished: line = ["event": "end"]
                case .failed(let diagnostic): line = ["event": "end", "failed": .string(diagnostic.message)]
                case .abandoned(let why): line = ["event": "end", "abandoned": .string(why)]
                }
            }
            s.sequence += 1
            line["seq"] = .int(s.sequence)
            line["time"] = .double((time * 1000).rounded() / 1000)
            s.events.append(.object(line))
            if s.events.count > Self.limit { s.events.removeFirst(s.events.count - Self.limit) }
        }
    }

    /// The events since the last call.
    func take() -> [JSON] {
        state.withLock { s in
            defer { s.events = [] }
            return s.events
        }
    }

    /// The `$jason` of the chain under way (or the last one's, once it ended).
    var jason: JSON? { state.withLock { $0.current } }
}
