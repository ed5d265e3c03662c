import Synchronization

/// Asks a running program to stop before its next action. Each debugger has its own: a face sets it from
/// any task (a debug adapter's `pause`, the page's Pause button), or links it to a signal of its own (the
/// REPL's Ctrl-C, which only a global can receive).
package final class Interruption: Sendable {
    private let requested = Atomic(false)
    private let signalled: @Sendable () -> Bool

    /// `signalled` is asked too, and says (once) whether the face's own signal came.
    package init(signalled: @escaping @Sendable () -> Bool = { false }) {
        self.signalled = signalled
    }

    package func request() { requested.store(true, ordering: .releasing) }

    /// Forgets a request that came when nothing was running.
    package func clear() { requested.store(false, ordering: .releasing) }

    /// Whether a stop was asked for since the last time; forgets it.
    func take() -> Bool {
        let asked = requested.exchange(false, ordering: .acquiringAndReleasing)
        return signalled() || asked
    }
}
