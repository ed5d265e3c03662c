import Foundation
import Synchronization

/// The last resort when JavaScript cannot be stopped. Promise jobs and `await` continuations run after
/// an expression returned, each as a short entry of its own, so JavaScriptCore's watchdog never sees one
/// run long; a flood of them keeps the call from ever returning. A thread of the engine's checks twice a
/// second whether the evaluating thread has spent `grace` seconds of CPU time past the limit without the
/// watchdog being consulted (a long loop consults it every slice; a flood of short jobs never does).
/// CPU time, not wall time: on a loaded machine a starved thread is slow, not runaway. If so, nothing
/// inside the process can end it, and `onRunaway` is called with the expression (the default writes a
/// message and ends the process: better a clear exit than a silent spin at 100% CPU).
final class RunawayWatch: @unchecked Sendable {
    /// Counts evaluations (odd: one under way). The watching thread takes the evaluating thread's CPU
    /// time when it first sees a new one, so an evaluation itself pays no clock read.
    private let generation = Atomic<UInt64>(0)
    private let threadClock = Atomic<Int32>(0)
    /// The generation the watching thread saw last, the CPU time it took then, and the last generation
    /// it reported (the watching thread's own).
    private var seenGeneration: UInt64 = 0
    private var started: UInt64 = 0
    private var reportedGeneration: UInt64 = 0
    /// CPU time of that thread when the watchdog last asked.
    private let lastConsulted = Atomic<UInt64>(0)
    private let deadlineNanos = Atomic<UInt64>(0)
    private let expression = Mutex<String>("")
    private let running = Atomic<Bool>(true)
    let grace: Double
    let onRunaway: @Sendable (String, Double) -> Void

    init(grace: Double = 3, onRunaway: @escaping @Sendable (String, Double) -> Void = RunawayWatch.endProcess) {
        self.grace = grace
        self.onRunaway = onRunaway
        // The thread holds the watch only during a check, so the watch (and the thread) end with the engine.
        let thread = Thread { [weak self] in
            while true {
                Thread.sleep(forTimeInterval: 0.5)
                guard let watch = self, watch.check() else { return }
            }
        }
        thread.name = "jasonrun-js-watch"
        thread.start()
    }

    func stop() { running.store(false, ordering: .relaxed) }

    /// The text told last (only the evaluating thread reads it): a loop evaluates the same expression
    /// round after round, and need not take the lock again to say so.
    @exclusivity(unchecked) private var toldText = ""

    func begin(_ text: String, deadline: Double) {
        if text != toldText {
            toldText = text
            expression.withLock { $0 = text }
        }
        deadlineNanos.store(UInt64(max(0, deadline + grace) * 1e9), ordering: .relaxed)
        var clock = clockid_t()
        pthread_getcpuclockid(pthread_self(), &clock)
        threadClock.store(clock, ordering: .relaxed)
        lastConsulted.store(0, ordering: .relaxed)
        // Only the evaluating thread moves the generation: to the next odd number.
        let current = generation.load(ordering: .relaxed)
        generation.store(current + (current % 2 == 1 ? 2 : 1), ordering: .releasing)
    }

    static func cpuNanos(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    func end() {
        let current = generation.load(ordering: .relaxed)
        if current % 2 == 1 { generation.store(current + 1, ordering: .releasing) }
    }

    /// JavaScriptCore's watchdog asked whether to stop: the evaluation is one long entry it can stop.
    /// The thread's clock by its own id: `CLOCK_THREAD_CPUTIME_ID` reads the monotonic clock in jasonrun
    /// (ThreadClock.c).
    func consulted() { lastConsulted.store(Self.cpuNanos(threadClock.load(ordering: .relaxed)), ordering: .relaxed) }

    /// One check from the watching thread; false once the watch is stopped.
    private func check() -> Bool {
        guard running.load(ordering: .relaxed) else { return false }
        let current = generation.load(ordering: .acquiring)
        guard current % 2 == 1, current != reportedGeneration else { return true }
        let now = Self.cpuNanos(threadClock.load(ordering: .relaxed))
        if current != seenGeneration {
            seenGeneration = current
            started = now
            return true
        }
        let elapsed = now &- started
        let quiet = now &- max(started, lastConsulted.load(ordering: .relaxed))
        if elapsed > deadlineNanos.load(ordering: .relaxed), Double(quiet) / 1e9 > grace {
            reportedGeneration = current
            onRunaway(expression.withLock { $0 }, Double(elapsed) / 1e9)
        }
        return true
    }

    static let endProcess: @Sendable (String, Double) -> Void = { text, seconds in
        let shown = text.count > 120 ? String(text.prefix(117)) + "…" : text
        let message = "jasonrun: error: JavaScript kept running (\(JSNumberFormat.seconds(seconds)) of CPU time) after its expression "
            + "returned, in promise jobs or await continuations that no limit can stop: {{\(shown)}}; "
            + "the process ends here [js-runaway]\n"
        FileHandle.standardError.write(Data(message.utf8))
        fflush(nil)
        // Not exit(): its handlers could wait on locks the spinning JavaScript thread holds.
        _exit(RunawayWatch.exitStatus)
    }

    /// The exit status of a run ended this way (Docs/Diagnostics.md, "Limits"; JasonCLI's ExitStatus).
    static let exitStatus: Int32 = 86
}

enum JSNumberFormat {
    static func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }
}
