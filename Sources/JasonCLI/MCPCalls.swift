import JasonJSON
import Synchronization

/// The MCP requests being answered, by id, so that `notifications/cancelled` can stop one.
final class MCPCalls: Sendable {
    private struct Table {
        var running: [JSON: Task<Void, Never>] = [:]
        /// Calls that ended before their task was put in `running`.
        var ended: Set<JSON> = []
    }

    private let table = Mutex(Table())

    /// Answers request `id` on a task of its own.
    func start(_ id: JSON, _ answer: @escaping @Sendable () async -> Void) {
        let task = Task {
            await answer()
            self.table.withLock { t in if t.running.removeValue(forKey: id) == nil { t.ended.insert(id) } }
        }
        table.withLock { t in if t.ended.remove(id) == nil { t.running[id] = task } }
    }

    /// Stops the call with this id, if it still runs: its work sees the cancellation and ends.
    func cancel(_ id: JSON) {
        table.withLock { $0.running[id] }?.cancel()
    }

    /// Waits for the calls still running (standard input has ended; their answers are still wanted).
    func finish() async {
        while let next = table.withLock({ $0.running.first?.value }) { await next.value }
    }
}
