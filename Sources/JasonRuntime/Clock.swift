import JasonJSON
import Synchronization

/// The interpreter's time, in seconds since the run started. Injected: batch runs use a virtual clock
/// (deterministic and instant), `--real-time` the wall clock.
public protocol InterpreterClock: Sendable {
    var now: Double { get }
    /// Waits until `time` (a virtual clock just moves there).
    func sleep(until time: Double) async
    /// Puts the clock back (or forth) to a snapshot's time; the wall clock cannot be, and stays.
    func restore(_ time: Double)
}

public final class VirtualClock: InterpreterClock {
    /// The seconds' bit pattern: read by JavaScript's `Date` before every evaluation, an atomic load
    /// where a lock took two atomic writes.
    private let time = Atomic<UInt64>(0)

    public init() {}

    public var now: Double { Double(bitPattern: time.load(ordering: .acquiring)) }

    public func sleep(until target: Double) async {
        update { max($0, target) }
    }

    public func restore(_ seconds: Double) { time.store(seconds.bitPattern, ordering: .releasing) }

    /// Moves time forward by `seconds` (the REPL's `advance`).
    package func advance(by seconds: Double) {
        update { $0 + max(0, seconds) }
    }

    private func update(_ change: (Double) -> Double) {
        var old = time.load(ordering: .acquiring)
        while true {
            let (exchanged, seen) = time.compareExchange(expected: old, desired: change(Double(bitPattern: old)).bitPattern,
                                                         ordering: .acquiringAndReleasing)
            if exchanged { return }
            old = seen
        }
    }
}

public final class WallClock: InterpreterClock {
    private let start = ContinuousClock.now

    public init() {}

    public var now: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    public func restore(_ time: Double) {}

    public func sleep(until target: Double) async {
        // In slices of at most a day: `.seconds` traps on a Double too large for its integer parts.
        while case let delay = target - now, delay > 0, !Task.isCancelled {
            try? await Task.sleep(for: .seconds(min(delay, 86_400)))
        }
    }
}

