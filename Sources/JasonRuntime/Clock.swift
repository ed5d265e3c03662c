import JasonJSON
import Synchronization

/// The interpreter's time, in seconds since the run started. Injected: batch runs use a virtual clock
/// (deterministic and instant), `--real-time` the wall clock.
public protocol InterpreterClock: Sendable {
    var now: Double { get }
    /// Waits until `time` (a virtual clock just moves there).
    func sleep(until time: Double) async
}

public final class VirtualClock: InterpreterClock {
    private let time = Mutex<Double>(0)

    public init() {}

    public var now: Double { time.withLock { $0 } }

    public func sleep(until target: Double) async {
        time.withLock { $0 = max($0, target) }
    }

    /// Sets the time back or forth to a snapshot's.
    func restore(_ seconds: Double) { time.withLock { $0 = seconds } }

    /// Moves time forward by `seconds` (the REPL's `advance`).
    public func advance(by seconds: Double) {
        time.withLock { $0 += max(0, seconds) }
    }
}

public final class WallClock: InterpreterClock {
    private let start = ContinuousClock.now

    public init() {}

    public var now: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    public func sleep(until target: Double) async {
        // In slices of at most a day: `.seconds` traps on a Double too large for its integer parts.
        while case let delay = target - now, delay > 0, !Task.isCancelled {
            try? await Task.sleep(for: .seconds(min(delay, 86_400)))
        }
    }
}

/// The view's timers (`$timer.start`, R38 with DESIGN §2.6): when each is due and what it runs.
public final class TimerTable: Sendable {
    public struct Entry: Sendable {
        public var name: String
        public var due: Double
        public var interval: Double
        public var repeats: Bool
        public var action: JSON
        /// Where `$timer.start` was written, so the action's own location can be found.
        public var origin: ActionPath

        public init(name: String, due: Double, interval: Double, repeats: Bool, action: JSON, origin: ActionPath) {
            self.name = name
            self.due = due
            self.interval = interval
            self.repeats = repeats
            self.action = action
            self.origin = origin
        }
    }

    private let entries = Mutex<[Entry]>([])
    private let started = Mutex<Int>(0)

    public init() {}

    /// A name for a timer started without one.
    public func newName() -> String {
        "timer-" + String(started.withLock { $0 += 1; return $0 })
    }

    /// Starts (or replaces) the timer `name`.
    public func start(_ entry: Entry) {
        entries.withLock { all in
            all.removeAll { $0.name == entry.name }
            all.append(entry)
        }
    }

    /// Stops the timer `name`, or every timer.
    public func stop(_ name: String?) {
        entries.withLock { all in all.removeAll { name == nil || $0.name == name } }
    }

    public var active: [Entry] { entries.withLock { $0 } }

    /// The timers and the count that names new ones, for snapshots.
    var saved: (entries: [Entry], started: Int) {
        get { (entries.withLock { $0 }, started.withLock { $0 }) }
        set {
            entries.withLock { $0 = newValue.entries }
            started.withLock { $0 = newValue.started }
        }
    }

    /// When the next timer is due.
    public var nextDue: Double? { entries.withLock { $0.map(\.due).min() } }

    /// The timers due at `time`, in the order they were started; repeating ones are rescheduled.
    func fire(at time: Double) -> [Entry] {
        entries.withLock { all in
            let due = all.filter { $0.due <= time }
            all = all.compactMap { entry in
                guard entry.due <= time else { return entry }
                guard entry.repeats else { return nil }
                var next = entry
                next.due = entry.due + max(entry.interval, 0.001)
                return next
            }
            return due
        }
    }
}
