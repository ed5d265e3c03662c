/// A run's state at one moment: a copy of the one value the interpreter owns. Copying shares the data
/// (copy-on-write), so a debugger can keep one per step, and restoring one is exact: nothing is run
/// again, and nothing can be left out, since there is nothing else.
///
/// Not in it: what JavaScript itself holds (globals a `$script.include` defined), stores kept in files,
/// and what was already printed.
package typealias RunSnapshot = RunState

extension Interpreter {
    package func snapshot() -> RunSnapshot {
        takeMail()
        // The clock is a service that actions may move (a stub's delay): its time joins the value here.
        state.time = environment.clock.now
        return state
    }

    /// Puts the run back exactly as it was when `snapshot` was taken.
    package func restore(_ snapshot: RunSnapshot) {
        state = snapshot
        environment.clock.restore(snapshot.time)
        // Views' services live outside the state: those of views gone at this moment are let go, and an
        // agent made after it is made again when next used.
        services.keepOnly(snapshot.views)
        for view in snapshot.views { services.existing(for: view)?.agents.forget(createdAfter: snapshot.steps) }
    }

    /// Whether the running state can be restored completely: true when the stores live in memory.
    package var canRestoreStores: Bool { environment.stores.allInMemory }
}
