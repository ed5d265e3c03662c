import JasonJSON

/// Everything a run's future depends on, as one value: the running chain, the queue, the views and
/// their variables, the timers, the clock, the stores kept in memory, and the count of actions and
/// diagnostics. Copying it shares the data (copy-on-write), so a debugger can keep one per step, and
/// restoring one is exact: nothing is run again.
///
/// Not in it: what JavaScript itself holds (globals a `$script.include` defined), stores kept in files,
/// and what was already printed.
package struct RunSnapshot: Sendable {
    struct SavedView: Sendable {
        let view: View
        let variables: SavedValues
        let callback: View.Callback?
    }

    let chain: Chain?
    let steps: Int
    let inbox: [QueuedCall]
    let views: [SavedView]
    let timers: (entries: [TimerTable.Entry], started: Int)
    let clock: Double?
    let stores: [String: JSONObject]?
    let reported: Int

    /// The action that was about to be performed.
    package var pending: ActionStep? { chain?.pending?.step }
}

extension Interpreter {
    package func snapshot() -> RunSnapshot {
        let views = views.all.map { view in
            RunSnapshot.SavedView(view: view, variables: view.state.saved, callback: view.callback.withLock { $0 })
        }
        return RunSnapshot(
            chain: chain, steps: steps, inbox: inbox.saved, views: views, timers: timers.saved,
            clock: (environment.clock as? VirtualClock)?.now, stores: environment.stores.memory?.saved,
            reported: issues.count)
    }

    /// Puts the run back exactly as it was when `snapshot` was taken.
    package func restore(_ snapshot: RunSnapshot) {
        chain = snapshot.chain
        steps = snapshot.steps
        inbox.saved = snapshot.inbox
        views.restore(snapshot.views.map(\.view))
        for saved in snapshot.views {
            saved.view.state.saved = saved.variables
            saved.view.callback.withLock { $0 = saved.callback }
        }
        timers.saved = snapshot.timers
        if let time = snapshot.clock, let clock = environment.clock as? VirtualClock { clock.restore(time) }
        if let stores = snapshot.stores { environment.stores.memory?.saved = stores }
        issues.truncate(to: snapshot.reported)
    }

    /// Whether the running state can be restored completely: true when the stores live in memory.
    package var canRestoreStores: Bool { environment.stores.memory != nil }
}
