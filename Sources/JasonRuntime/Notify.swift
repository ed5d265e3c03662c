/// How the loop reports to its observers (ExecutionObserver.swift).
extension Interpreter {
    /// Tells the observers of `event`, of the kinds `kind` names (any one heard is enough): jasonrun's own
    /// at once; when any observer waits, every observer's events wait in order for the end of the step, so
    /// the loop itself never suspends to report. An event no observer hears is not made (a batch run's
    /// observer hears only `templateWarnings`).
    @inline(__always)
    func notify(_ kind: ExecutionEvent.Kinds, _ event: @autoclosure () -> ExecutionEvent) {
        guard !observing.heard.isDisjoint(with: kind) else { return }
        let event = event()
        if let immediateObservers = observing.immediate {
            for observer in immediateObservers { observer.observeNow(event) }
        } else {
            undelivered.append(event)
        }
    }

    /// Hands the events of the step to observers that wait, before the step returns.
    func deliverEvents() async {
        while !undelivered.isEmpty {
            let events = undelivered
            undelivered = []
            for event in events {
                for observer in observing.all { await observer.observe(event) }
            }
        }
    }
}
