import JasonJSON

extension Interpreter {
    /// The limits a run works within (Docs/Diagnostics.md, "Limits"); each is checked where it is hit.
    public struct Limits: Sendable {
        /// Open lambda frames (non-tail `trigger`/`$lambda`) before the chain fails.
        public var maxCallDepth = 10_000
        /// Actions run in all chains together before the run stops; nil for no limit.
        public var maxSteps: Int? = 1_000_000
        /// Seconds on the interpreter's clock after which pending timers are dropped; nil for no limit.
        public var timeLimit: Double? = 60
        /// Views on the stack; a `$href` past it fails (a document that opens itself would grow forever).
        public var maxViews: Int? = 100
        /// Restarts of the view in a row with nothing from outside between them: a `$load` that resets
        /// itself loops forever on the phone too.
        public var maxRestarts = 10_000
        /// Seconds of real time the run may take, counted from its start (loading included); nil for no limit.
        public var wallTime: Double?
        /// Bytes of JSON text a document may grow to once its mixins are mixed in (`--max-file-size`).
        public var maxDocumentSize = LocalFile.defaultMaximumSize
        public init() {}
    }

    /// A limit the run has reached. Told apart from its message: returned at every step, an optional
    /// tuple holding the message text cost more to let go of than the check itself.
    enum LimitStop {
        case steps, wallTime

        var id: Diagnostic.ID { self == .steps ? .stepLimit : .wallLimit }
    }

    /// The step or wall-time limit the run has reached, if any.
    func limitReached() -> LimitStop? {
        if let maxSteps = limits.maxSteps, state.steps >= maxSteps { return .steps }
        guard limits.wallTime != nil else { return nil }
        // Reading the clock cost more than the rest of a loop's own step: it is read every 64th step, and
        // at the step after one that waited (which may have taken any time).
        guard stepsUntilClock == 0 else {
            stepsUntilClock -= 1
            return nil
        }
        stepsUntilClock = 63
        return wallTimeIsUp() ? .wallTime : nil
    }

    /// Apart, never inlined: a clock instant's layout is the standard library's to change, so a function
    /// holding one looks its size up and destroys it at every call, whichever way it returns.
    @inline(never)
    private func wallTimeIsUp() -> Bool {
        guard let wallTime = limits.wallTime else { return false }
        let now = ContinuousClock.now
        guard let first = firstStep else {
            firstStep = now
            return false
        }
        return now - first > .milliseconds(Int64(wallTime * 1000))
    }

    /// What the run reports when `stop` ended it.
    func message(_ stop: LimitStop) -> String {
        switch stop {
        case .steps:
            "stopped after \(limits.maxSteps ?? state.steps) actions; the program may loop forever "
                + "(raise the limit with --max-steps)"
        case .wallTime:
            "stopped after \(JSNumber.format(limits.wallTime ?? 0)) s of real time, at \(state.steps) actions "
                + "(raise the limit with --wall-limit)"
        }
    }
}
