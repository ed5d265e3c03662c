import JasonJSON

/// The timers (`$timer.start`, R38 with DESIGN §2.6): when each is due and what it runs. A value, part
/// of the run's state.
package struct Timers: Sendable {
    package struct Entry: Sendable {
        package var name: String
        package var due: Double
        package var interval: Double
        package var repeats: Bool
        /// The action to run, parsed when the timer started.
        package var action: ActionNode
        /// Where `$timer.start` wrote the action, for the trace.
        package var origin: ActionPath
        /// The view that started it: a view's timers stop when it is covered or goes away.
        var view: Int

        init(name: String, due: Double, interval: Double, repeats: Bool, action: ActionNode, origin: ActionPath, view: Int) {
            self.name = name
            self.due = due
            self.interval = interval
            self.repeats = repeats
            self.action = action
            self.origin = origin
            self.view = view
        }
    }

    package private(set) var active: [Entry] = []
    /// Timers started so far without a name (the next one is `timer-N+1`).
    private var unnamed = 0

    package init() {}

    /// A name for a timer started without one.
    mutating func newName() -> String {
        unnamed += 1
        return "timer-\(unnamed)"
    }

    /// Starts (or replaces) the timer `entry.name`.
    mutating func start(_ entry: Entry) {
        active.removeAll { $0.name == entry.name }
        active.append(entry)
    }

    /// Stops the timer `name`, or every timer.
    mutating func stop(_ name: String?) {
        active.removeAll { name == nil || $0.name == name }
    }

    /// Stops the timers of a view that is covered by another or has gone (`-detach` on the phone's
    /// viewWillDisappear, R38): they do not start again when it shows again.
    mutating func stop(view: Int) {
        active.removeAll { $0.view == view }
    }

    /// The timers of a view that was reloaded in place belong to the view that replaced it.
    mutating func move(from view: Int, to replacement: Int) {
        for i in active.indices where active[i].view == view { active[i].view = replacement }
    }

    /// When the next timer is due.
    package var nextDue: Double? { active.map(\.due).min() }

    /// The timers due at `time`, in the order they were started; repeating ones are rescheduled.
    mutating func fire(at time: Double) -> [Entry] {
        let due = active.filter { $0.due <= time }
        active = active.compactMap { entry in
            guard entry.due <= time else { return entry }
            guard entry.repeats else { return nil }
            var next = entry
            next.due = entry.due + max(entry.interval, 0.001)
            return next
        }
        return due
    }
}
