import JasonJSON

/// What a host app feeds into a running document: the user's taps and typing, and the app's own
/// events. Each call queues work (FIFO, behind a running chain, R8); `runUntilIdle()` then runs it.
extension Interpreter {
    /// A tap on a body item: its `action` runs, or its `href` is followed (as a plain href: `$ok` from
    /// the opened view shows this one again). `pointer`, when given, locates the item in the document.
    /// Returns false when the item has neither.
    @discardableResult
    public func tap(_ item: JSON, at pointer: JSONPointer? = nil) -> Bool {
        restartStreak = 0
        let origin = pointer.map { document.locator.path($0) } ?? ActionPath(pointer: .root, file: "<host>")
        if let action = item["action"] {
            inbox.post(QueuedCall(.written(action, origin: pointer.map { document.locator.path($0.appending("action")) } ?? origin)))
        } else if let href = item["href"] {
            inbox.post(QueuedCall(.written(["type": "$href", "options": href], origin: origin)))
        } else {
            return false
        }
        return true
    }

    /// Form input: a named `textfield`, `textarea`, `slider`, `switch` or `search` writes its value into
    /// `$get` as the user changes it (spec §1.3).
    public func input(_ name: String, value: JSON) {
        state.mergeGet([name: value])
    }

    /// Pull-to-refresh: runs `head.actions.$pull`, if the document has one.
    public func pull() { send("$pull") }

    /// The app came back to the foreground: runs `head.actions.$foreground`, if the document has one.
    public func foreground() { send("$foreground") }

    /// Runs the action `head.actions[name]` (an event or a user action) with `jason` as its `$jason`;
    /// nothing when the document has no such action.
    public func send(_ name: String, jason: JSON? = nil) {
        guard document.actions[name] != nil else { return }
        restartStreak = 0
        inbox.post(QueuedCall(.named(name), jason: jason))
    }

    /// Runs an action the host wrote (a native button's, say).
    public func perform(_ action: JSON, label: String = "<host>") {
        restartStreak = 0
        inbox.post(QueuedCall(.json(action, origin: label)))
    }
}
