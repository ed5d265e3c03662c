import JasonJSON

extension RunState {
    /// A hash of what decides the run's future: two moments with the same fingerprint go on the same way
    /// (`jasonrun explore` follows only one of them). The count of actions performed is left out, so a
    /// retry that comes back to where it was is the same moment; what JavaScript holds is not in it (as
    /// it is not in a snapshot). Asked of a snapshot, so it costs nothing until a fork needs it.
    package var fingerprint: Int {
        var hasher = Hasher()
        if let chain {
            hasher.combine(chain.origin)
            hasher.combine(chain.jason)
            hasher.combine(chain.frames.map(\.path))
            if let pending = chain.pending {
                hasher.combine(pending.call.path)
                hasher.combine(pending.options)
            }
        }
        for call in queue {
            hasher.combine(call.origin)
            hasher.combine(call.jason)
        }
        for view in views {
            hasher.combine(view.url)
            hasher.combine(view.variables.get)
            hasher.combine(view.variables.params)
            hasher.combine(view.variables.cache)
            hasher.combine(view.variables.global)
        }
        for timer in timers.active {
            hasher.combine(timer.name)
            hasher.combine(timer.due)
            hasher.combine(timer.interval)
        }
        hasher.combine(stores)
        hasher.combine(time)
        hasher.combine(issues.all.count)
        return hasher.finalize()
    }
}

extension Interpreter {

    /// The timer that fires at the next step, when nothing runs or waits in the queue and it falls due
    /// within the time limit (the moment `jasonrun explore` asks: does it fire before the run ends?).
    package var timerDueNext: Timers.Entry? {
        guard state.chain == nil, state.queue.isEmpty, mailbox.isEmpty, let due = state.timers.nextDue,
              due <= limits.timeLimit ?? .infinity else { return nil }
        return state.timers.active.first { $0.due == due }
    }
}
