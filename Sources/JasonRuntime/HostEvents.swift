import JasonJSON

/// What a host app feeds into a running document from the task that drives the interpreter: the user's
/// taps, typing and gestures, and the app's own events. Each call queues work (FIFO, behind a running
/// chain, R8); `runUntilIdle()` then runs it. From another task, post to `mailbox` instead.
extension Interpreter {
    /// A tap on a body item: its `action` runs, or its `href` is followed (as a plain href: `$ok` from
    /// the opened view shows this one again). `pointer`, when given, locates the item in the document;
    /// `bodyPath`, where it is in the body on screen (a rendered body has no place in the document), which
    /// the trace then names (`tap /sections/0/items/2`). Returns false when the item has neither.
    @discardableResult
    public func tap(_ item: JSON, at pointer: JSONPointer? = nil, bodyPath: JSONPointer? = nil) -> Bool {
        let origin = pointer.map { document.locator.path($0) }
            ?? ActionPath(pointer: bodyPath ?? .root, file: bodyPath == nil ? "<host>" : "tap")
        let call: QueuedCall
        if let action = item["action"] {
            let written = pointer.map { document.locator.path($0.appending("action")) } ?? origin
            call = QueuedCall.written(action, at: written, in: document)
        } else if let href = item["href"] {
            call = QueuedCall.written(["type": "$href", "options": href], at: origin, in: document)
        } else {
            return false
        }
        state.restartStreak = 0
        state.queue.append(call)
        return true
    }

    /// Form input: a named `textfield`, `textarea`, `slider`, `switch` or `search` writes its value into
    /// `$get` as the user changes it (spec §1.3).
    public func input(_ name: String, value: JSON) {
        state.views[state.topIndex].variables.mergeGet([name: value])
    }

    /// Pull-to-refresh: runs `head.actions.$pull`, if the document has one.
    public func pull() { send("$pull") }

    /// The app came back to the foreground: runs `head.actions.$foreground`, if the document has one.
    public func foreground() { send("$foreground") }

    /// Runs the action `head.actions[name]` (an event or a user action) with `jason` as its `$jason`;
    /// nothing when the document has no such action.
    public func send(_ name: String, jason: JSON? = nil) {
        guard document.actions[name] != nil else { return }
        state.restartStreak = 0
        state.queue.append(QueuedCall(.named(name), jason: jason))
    }

    /// Runs an action the host wrote (a native button's, say).
    public func perform(_ action: JSON, label: String = "<host>") {
        state.restartStreak = 0
        state.queue.append(QueuedCall(.json(action, origin: label)))
    }

    /// Queues `call` behind what is queued (a debugger's `run EVENT`, an action typed at a prompt).
    package func post(_ call: QueuedCall) { state.queue.append(call) }

    /// The user's back gesture: the view on top goes away, and the view below shows again (`$show`).
    /// False when it is the first view. A chain of the view that went away is abandoned (S24).
    @discardableResult
    public func back() -> Bool {
        guard state.views.count > 1 else { return false }
        removeTopView()
        if document.actions["$show"] != nil { state.queue.append(QueuedCall(.named("$show"))) }
        return true
    }
}
