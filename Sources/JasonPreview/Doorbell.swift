import Synchronization

/// Wakes the session when something arrives: it waits for a ring, a deadline or its own cancellation,
/// whichever comes first. A ring while nobody waits is kept for the next wait.
package final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    package init() {}

    package func ring() {
        let waiter = state.withLock { s -> CheckedContinuation<Void, Never>? in
            guard let waiter = s.waiter else {
                s.rung = true
                return nil
            }
            s.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns at the next ring, or after `seconds` (never when nil).
    package func wait(seconds: Double?) async {
        if state.withLock({ s in defer { s.rung = false }; return s.rung }) { return }
        let alarm = seconds.map { delay in
            Task { [self] in
                do {
                    try await Task.sleep(for: .seconds(max(0, min(delay, 86_400))))
                    ring()
                } catch {}
            }
        }
        defer { alarm?.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { s -> Bool in
                    if s.rung || Task.isCancelled {
                        s.rung = false
                        return true
                    }
                    s.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            ring()
        }
    }
}
