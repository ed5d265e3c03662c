import JasonRuntime

/// Going backwards on the timeline: `back N` and `reverse-continue` restore recorded moments; nothing
/// is run again.
extension Debugger {
    /// Where the program is in the timeline: the moment it is paused at, or past the last one.
    var position: Int {
        switch session.state {
        case .paused, .finished, .failed: cursor
        case .loaded, .running: 0
        }
    }

    /// How many steps the history keeps (nil for no limit).
    package var keptSteps: Int? { timeline.capacity }

    /// `count` actions backwards (to the first kept, at most). Nil when there is nothing before.
    package func back(_ count: Int = 1) -> SessionEvent? {
        let from = position
        reachedOldestKept = timeline.dropped > 0 && min(from, timeline.count) - count < 0
        guard from > 0, !timeline.isEmpty else { return nil }
        let target = max(0, min(from, timeline.count) - count)
        noteScripts(between: target, and: from)
        move(to: target)
        guard let pending = interpreter.pending else { return nil }
        return pause(pending, .back(from - target))
    }

    /// Backwards to the last action before this one where a breakpoint stops; the first action when none.
    /// Linear in the distance: moments are restored only where a breakpoint's target matches (its
    /// condition needs the run as it was there), and an interruption stops the search where it is.
    package func reverseContinue() -> SessionEvent? {
        let from = position
        reachedOldestKept = timeline.dropped > 0
        guard from > 0, !timeline.isEmpty else { return nil }
        var index = min(from, timeline.count) - 1
        var searched = 0
        while index >= 0 {
            if let pending = timeline[index].snapshot.pending, session.mayStop(at: pending) {
                move(to: index)
                if let id = session.matchingBreakpoint(pending, counting: false) {
                    reachedOldestKept = false
                    noteScripts(between: index, and: from)
                    return pause(pending, .breakpoint(id))
                }
            }
            searched += 1
            if searched % 1024 == 0, interruption.take() {
                noteScripts(between: index, and: from)
                move(to: index)
                guard let pending = interpreter.pending else { return nil }
                return pause(pending, .interrupted)
            }
            index -= 1
        }
        noteScripts(between: 0, and: from)
        move(to: 0)
        guard let pending = interpreter.pending else { return nil }
        return pause(pending, .back(from))
    }

    /// Notes the actions between two moments that changed the JavaScript context, which a snapshot
    /// cannot undo (`undoneScripts`).
    func noteScripts(between start: Int, and end: Int) {
        undoneScripts = (start..<min(end, timeline.count)).compactMap { index in
            guard let step = timeline[index].snapshot.pending, case .handler(let type) = step.kind,
                  setup.registry.spec(for: type)?.changesScripts == true else { return nil }
            return step.name
        }
    }

    /// What the note on going back over the first of `undoneScripts` says: JavaScript state is not in a snapshot.
    package var undoneScriptsNote: String? {
        guard let name = undoneScripts.first else { return nil }
        if name.hasPrefix("$agent.") {
            return "went back over \(name); the agent keeps its own JavaScript state (a snapshot cannot hold it), "
                + "and an agent made after this point is made afresh when next used"
        }
        return "went back over \(name); what it defined in JavaScript stays defined (a snapshot cannot undo it)"
    }
}
