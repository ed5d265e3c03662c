import JasonJSON
import JasonRuntime
import Synchronization

/// Why the debugger stopped.
public enum StopReason: Sendable, Equatable {
    case step
    case breakpoint(Int)
    case watch(Int, old: String, new: String)
    /// `break error`: the action failed; its error branch (if it has one) is next.
    case errorBranch(payload: JSON?)
    case interrupted
    case back
}

/// What the REPL waits for after it lets the program go on.
public enum SessionEvent: Sendable {
    case paused(ActionStep, StopReason)
    /// Nothing is running, queued or due: the prompt is the user's again.
    case idle
}

/// A document run under the debugger's control, built on the interpreter's observer hooks: the
/// interpreter's task waits inside `observe` while the session is paused, and the REPL's task lets it
/// go on with `resume`. No debugging code lives in the interpreter's loop.
///
/// The interpreter is touched from the REPL's task only while it is paused or idle, which is what
/// makes the unchecked Sendable sound.
public final class DebugSession: ExecutionObserver, @unchecked Sendable {
    public enum Mode: Sendable {
        case run
        case stepInto
        case stepOver(depth: Int)
        case finish(depth: Int)
    }

    public enum State: Sendable {
        case loaded, running, finished
        case paused(ActionStep, StopReason)
        /// Idle, and the last chain ended on an error.
        case failed(Diagnostic)
    }

    struct Control {
        var mode = Mode.run
        /// Actions started in this timeline; `back` replays to one fewer.
        var steps = 0
        var replayTarget: Int?
        var waiting: CheckedContinuation<Void, Never>?
        var state = State.loaded
        var breakpoints: [Breakpoint] = []
        var watches: [Watch] = []
        var nextID = 1
        /// How the last chain ended, if it failed.
        var lastFailure: Diagnostic?
    }

    let control = Mutex(Control())
    let events: AsyncStream<SessionEvent>
    let emit: AsyncStream<SessionEvent>.Continuation
    let isInterrupted: @Sendable () -> Bool

    init(isInterrupted: @escaping @Sendable () -> Bool) {
        self.isInterrupted = isInterrupted
        (events, emit) = AsyncStream.makeStream(of: SessionEvent.self)
    }

    /// Set by the REPL to evaluate conditions and watches against the running program.
    var evaluate: @Sendable (String, ActionStep?) -> String = { _, _ in "" }

    public var state: State { control.withLock { $0.state } }
    public var steps: Int { control.withLock { $0.steps } }
    public var breakpoints: [Breakpoint] { control.withLock { $0.breakpoints } }
    public var watches: [Watch] { control.withLock { $0.watches } }

    public func observe(_ event: ExecutionEvent) async {
        switch event {
        case .willRun(let step):
            if let reason = decide(step) { await pause(step, reason) }
        case .chainEnded(let outcome):
            control.withLock { c in
                if case .failed(let diagnostic) = outcome { c.lastFailure = diagnostic } else { c.lastFailure = nil }
            }
        case .failed(let step, let payload):
            // `break error`: stop where the action failed, showing what its error branch (if any) gets.
            let stops = control.withLock { c in c.replayTarget == nil && c.breakpoints.contains { $0.target == .error } }
            guard stops else { return }
            var failed = step
            failed.jason = payload
            await pause(failed, .errorBranch(payload: payload))
        default:
            break
        }
    }

    /// Whether to stop before `step`, and why.
    func decide(_ step: ActionStep) -> StopReason? {
        let (count, mode, target, breakpoints) = control.withLock { c in
            c.steps += 1
            return (c.steps, c.mode, c.replayTarget, c.breakpoints)
        }
        if let target {
            guard count >= target else { return nil }
            control.withLock { $0.replayTarget = nil }
            return .back
        }
        if isInterrupted() { return .interrupted }
        switch mode {
        case .stepInto: return .step
        case .stepOver(let depth) where step.depth <= depth: return .step
        case .finish(let depth) where step.depth < depth: return .step
        default: break
        }
        for breakpoint in breakpoints where breakpoint.matches(step) {
            if let condition = breakpoint.condition {
                let value = evaluate(condition, step)
                if ["", "false", "0", "null", "undefined", "{{\(condition)}}"].contains(value) { continue }
            }
            return .breakpoint(breakpoint.id)
        }
        return changedWatch(step)
    }

    /// A watch whose value differs from the last one seen stops the program (and remembers the new value).
    func changedWatch(_ step: ActionStep) -> StopReason? {
        let watches = control.withLock { $0.watches }
        for watch in watches {
            let value = evaluate(watch.expression, step)
            guard value != watch.last else { continue }
            control.withLock { c in
                if let i = c.watches.firstIndex(where: { $0.id == watch.id }) { c.watches[i].last = value }
            }
            return .watch(watch.id, old: watch.last ?? "", new: value)
        }
        return nil
    }

    func pause(_ step: ActionStep, _ reason: StopReason) async {
        await withCheckedContinuation { continuation in
            control.withLock { c in
                c.waiting = continuation
                c.state = .paused(step, reason)
            }
            emit.yield(.paused(step, reason))
        }
    }

    /// Lets a paused program go on in `mode`. Returns false when it was not paused.
    @discardableResult
    func resume(_ mode: Mode) -> Bool {
        let waiting = control.withLock { c -> CheckedContinuation<Void, Never>? in
            c.mode = mode
            guard let waiting = c.waiting else { return nil }
            c.waiting = nil
            c.state = .running
            return waiting
        }
        waiting?.resume()
        return waiting != nil
    }

    func setMode(_ mode: Mode) { control.withLock { $0.mode = mode } }

    func markRunning() { control.withLock { $0.state = .running } }

    func markIdle() {
        control.withLock { c in c.state = c.lastFailure.map(State.failed) ?? .finished }
        emit.yield(.idle)
    }

    /// Starts a new timeline that stops when it reaches action number `target` (the `back` command).
    func rewind(to target: Int) {
        control.withLock { c in
            c.steps = 0
            c.replayTarget = target
            c.mode = .run
            c.state = .running
        }
    }

    /// Forgets the run (for `load`); breakpoints and watches stay.
    func reset() {
        control.withLock { c in
            c.lastFailure = nil
            c.steps = 0
            c.replayTarget = nil
            c.mode = .run
            c.state = .loaded
        }
    }

    /// Refreshes every watch's remembered value, so that only later changes stop the program.
    func settleWatches(_ step: ActionStep?) {
        let watches = control.withLock { $0.watches }
        let values = watches.map { evaluate($0.expression, step) }
        control.withLock { c in
            for (watch, value) in zip(watches, values) {
                if let i = c.watches.firstIndex(where: { $0.id == watch.id }) { c.watches[i].last = value }
            }
        }
    }

    func addBreakpoint(_ target: Breakpoint.Target, condition: String?) -> Breakpoint {
        control.withLock { c in
            let breakpoint = Breakpoint(id: c.nextID, target: target, condition: condition)
            c.nextID += 1
            c.breakpoints.append(breakpoint)
            return breakpoint
        }
    }

    func addWatch(_ expression: String, value: String) -> Watch {
        control.withLock { c in
            let watch = Watch(id: c.nextID, expression: expression, last: value)
            c.nextID += 1
            c.watches.append(watch)
            return watch
        }
    }

    /// Removes a breakpoint or watch by number.
    func delete(_ id: Int) -> Bool {
        control.withLock { c in
            let before = c.breakpoints.count + c.watches.count
            c.breakpoints.removeAll { $0.id == id }
            c.watches.removeAll { $0.id == id }
            return c.breakpoints.count + c.watches.count < before
        }
    }
}

/// Where to stop: an action type (with `*` patterns), a `head.actions` name, a JSON pointer, or any error.
public struct Breakpoint: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        case type(String)
        case name(String)
        case pointer(String)
        case error
    }

    public var id: Int
    public var target: Target
    public var condition: String?

    func matches(_ step: ActionStep) -> Bool {
        switch target {
        case .type(let pattern): Glob.matches(pattern, step.name)
        case .name(let name): step.path.pointer.description == "/$jason/head/actions/" + name
        case .pointer(let pointer): step.path.pointer.description == pointer
        case .error: false
        }
    }
}

public struct Watch: Sendable, Equatable {
    public var id: Int
    public var expression: String
    public var last: String?
}
