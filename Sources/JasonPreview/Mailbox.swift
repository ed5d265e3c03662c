import Synchronization

/// The frames waiting to be sent to one page. A page that reads slowly, or never, must not make the
/// server's memory grow with every change of the program: a newer `view` or `state` replaces the one
/// still waiting, and at most `keptLines` trace, output and error frames wait (the oldest give way).
/// Overlays and their closings are never dropped: a page must see every question it is asked.
package final class Mailbox: Sendable {
    package enum Kind: Sendable, Equatable {
        /// Only the newest matters.
        case view, state
        /// Kept, but the oldest may be dropped.
        case line
        /// Always kept.
        case keep
    }

    private struct Waiting {
        var frames: [(kind: Kind, text: String)] = []
        var lines = 0
        var waiter: CheckedContinuation<String?, Never>?
        var closed = false
    }

    private let waiting = Mutex(Waiting())
    static let keptLines = 1000

    package init() {}

    package func post(_ text: String, kind: Kind) {
        let waiter = waiting.withLock { w -> CheckedContinuation<String?, Never>? in
            guard !w.closed else { return nil }
            if let waiter = w.waiter {
                w.waiter = nil
                return waiter
            }
            if kind == .view || kind == .state, let old = w.frames.firstIndex(where: { $0.kind == kind }) {
                w.frames.remove(at: old)
            }
            if kind == .line {
                if w.lines == Self.keptLines, let oldest = w.frames.firstIndex(where: { $0.kind == .line }) {
                    w.frames.remove(at: oldest)
                    w.lines -= 1
                }
                w.lines += 1
            }
            w.frames.append((kind, text))
            return nil
        }
        waiter?.resume(returning: text)
    }

    /// The next frame to send; nil once closed (or when the waiting task is cancelled).
    package func next() async -> String? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = waiting.withLock { w -> (ready: Bool, frame: String?) in
                    if !w.frames.isEmpty {
                        let first = w.frames.removeFirst()
                        if first.kind == .line { w.lines -= 1 }
                        return (true, first.text)
                    }
                    if w.closed || Task.isCancelled { return (true, nil) }
                    w.waiter = continuation
                    return (false, nil)
                }
                if now.ready { continuation.resume(returning: now.frame) }
            }
        } onCancel: {
            close()
        }
    }

    /// Ends the box: a waiting `next` returns nil, and later posts are dropped.
    package func close() {
        let waiter = waiting.withLock { w -> CheckedContinuation<String?, Never>? in
            w.closed = true
            w.frames = []
            defer { w.waiter = nil }
            return w.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// How many frames wait (the tests read it).
    package var count: Int { waiting.withLock { $0.frames.count } }
}
