import CJavaScriptCore
import Foundation
import JasonJSON
import Synchronization

/// The limits one JavaScript evaluation runs under, and how they are enforced.
///
/// JavaScriptCore's watchdog calls `shouldStop` after each `slice` of uninterrupted running; we stop the
/// evaluation when it has run past `time` in all, or when JavaScript's heap holds more than `memory`
/// bytes (JavaScriptCore has no heap cap of its own; its statistics tell the size). The heap is also
/// checked before an evaluation, at most every 10 ms, for programs that keep what short expressions allocate.
/// Those statistics walk the whole heap, so they are asked only when the process as a whole holds more
/// than the limit, and never more often than their own cost allows (see `HeapGauge`).
/// Promise jobs and `await` continuations run each as its own short entry after the expression
/// returned, where the watchdog never fires: `RunawayWatch` is the last resort for those.
public struct ScriptLimits: Sendable, Hashable {
    /// Seconds one evaluation may run (JavaScript time, queued promise jobs included).
    public var time: Double
    /// Bytes JavaScript's heap may hold (objects, arrays, strings and array buffers).
    public var memory: Int

    public init(time: Double = 1, memory: Int = 1 << 30) {
        self.time = time
        self.memory = memory
    }
}

/// Used on the evaluating thread only (the watchdog asks on it too), under the engine's lock.
final class EvaluationGuard: @unchecked Sendable {
    enum Stop { case time, memory }

    let limits: ScriptLimits
    let context: JSGlobalContextRef
    @exclusivity(unchecked) private var started: UInt64 = 0
    @exclusivity(unchecked) private var memoryChecked: UInt64 = 0
    @exclusivity(unchecked) private var heap = HeapGauge()
    /// Once over the memory limit, every evaluation checks again (and fails) until it is under it.
    @exclusivity(unchecked) private var overLimit = false
    /// Why the watchdog stopped the last evaluation (nil: it was not stopped by us).
    @exclusivity(unchecked) private(set) var stopped: Stop?
    private let watch: RunawayWatch

    init(limits: ScriptLimits, context: JSGlobalContextRef, watch: RunawayWatch) {
        self.limits = limits
        self.context = context
        self.watch = watch
    }

    /// For a call that runs many expressions (a whole `#each`): the number of the one under way, which
    /// the loop writes and the watchdog reads, so that the time limit stays one expression's.
    @exclusivity(unchecked) private var progress: UnsafePointer<UInt32>?
    @exclusivity(unchecked) private var progressSeen: UInt32 = 0

    /// Called before each call into JavaScript; false when memory is over the limit already.
    func begin(_ expression: String, progress: UnsafePointer<UInt32>? = nil) -> Bool {
        stopped = nil
        self.progress = nil
        started = monotonicNanos()
        if overLimit || started &- memoryChecked > 10_000_000 {
            memoryChecked = started
            overLimit = measureMemory()
            if overLimit {
                // What is garbage may free enough; the next evaluation checks again.
                JSGarbageCollect(context)
                stopped = .memory
                return false
            }
        }
        // Only once the call will happen: the bytes behind `progress` live no longer than the call.
        self.progress = progress
        progressSeen = progress?.pointee ?? 0
        watch.begin(expression, deadline: limits.time)
        return true
    }

    func end() {
        progress = nil
        watch.end()
    }

    /// The watchdog's question, asked every slice of one uninterrupted run.
    func shouldStop() -> Bool {
        guard started != 0 else { return false } // our own prelude, before any evaluation
        watch.consulted()
        let now = monotonicNanos()
        if let progress, progress.pointee != progressSeen {
            // Another expression of the loop began since the last question: its time starts now (late by
            // less than a slice, so a limit is never hit early).
            progressSeen = progress.pointee
            started = now
        }
        if Double(now - started) / 1e9 > limits.time {
            stopped = .time
            return true
        }
        if measureMemory() {
            stopped = .memory
            overLimit = true
            return true
        }
        return false
    }

    /// Arms JavaScriptCore's watchdog on `group` to ask `shouldStop` every slice. The watchdog of the
    /// JavaScriptCore we build against asks once and then stays quiet when the answer is "go on", so each
    /// "go on" arms it again.
    func arm(_ group: JSContextGroupRef) {
        JSContextGroupSetExecutionTimeLimit(group, min(watchdogSlice, limits.time), { context, info in
            let evaluationGuard = Unmanaged<EvaluationGuard>.fromOpaque(info!).takeUnretainedValue()
            if evaluationGuard.shouldStop() { return true }
            if let context { evaluationGuard.arm(JSContextGetGroup(context)) }
            return false
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether the heap is over the limit. Measuring may collect garbage first (`HeapGauge`): that time
    /// is not the evaluation's, so its start moves forward by it.
    private func measureMemory() -> Bool {
        let before = monotonicNanos()
        let over = heap.isOver(limits.memory, context: context)
        started &+= monotonicNanos() &- before
        return over
    }

    /// What a stopped evaluation reports.
    var message: String {
        switch stopped {
        case .memory:
            "stopped: JavaScript's heap grew past \(limits.memory >> 20) MB (the limit; --js-memory changes it)"
        case .time, nil:
            "stopped after running longer than \(limitText(limits.time)) (the limit; --js-time changes it)"
        }
    }
}

/// The monotonic clock at its coarse resolution (a few milliseconds, against limits of tenths of a second
/// and more), read directly: before every call, the precise clock through `DispatchTime` cost several times
/// as much.
func monotonicNanos() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

func limitText(_ seconds: Double) -> String {
    seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : "\(JSNumber.format(seconds)) s"
}

/// The watchdog's slice: short enough that a limit is noticed soon after it passes.
let watchdogSlice = 0.05
