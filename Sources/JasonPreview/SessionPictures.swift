import JasonDebugger
import JasonJSON
import JasonRuntime

/// What the session shows the pages: the pictures of the view and the state, sent when they change.
extension PreviewSession {
    func publish() {
        let events = tracer.take()
        if !events.isEmpty { link.publish(.trace(events)) }
        for diagnostic in shownDiagnostics.unseen(in: interpreter.diagnostics) { link.publish(.output(describe(diagnostic), pane: .warnings)) }
        let view = viewPicture
        if view != shownView {
            shownView = view
            link.publish(.view(view))
        }
        let state = statePicture
        if state != shownState {
            shownState = state
            link.publish(.state(state))
        }
    }

    /// Whether the body on screen is not the one the pages were last shown (by identity: no comparison).
    var bodyChanged: Bool {
        switch (interpreter.variables.body, shownView?.body) {
        case (nil, nil): false
        case (let now?, let shown?): !now.isIdentical(to: shown)
        default: true
        }
    }

    var viewPicture: ServerMessage.ViewPicture {
        let views = interpreter.views
        let top = views.last
        let root = top?.document.root
        let head = root?["$jason"]?["head"] ?? root?["head"]
        let title = head?["title"]?.stringValue ?? ""
        return ServerMessage.ViewPicture(body: top?.variables.body, title: title, depth: max(0, views.count - 1),
                                         url: top?.url ?? "", styles: head?["styles"] ?? .null)
    }

    var statePicture: ServerMessage.StatePicture {
        let state = interpreter.variables
        var pending: JSON?
        if mode == .paused || debugger.pausedStep != nil, let step = interpreter.pending {
            var described: JSONObject = ["name": .string(step.name), "at": .string(step.path.description)]
            if let options = step.options { described["options"] = options }
            pending = .object(described)
        } else if mode == .paused || debugger.pausedStep != nil, let first = interpreter.queuedOrigins.first {
            // Nothing under way, but a tap (or a timer's call) waits for Continue or Step.
            let count = interpreter.queuedOrigins.count
            pending = ["name": .string(count == 1 ? "queued" : "queued (\(count))"), "at": .string(first)]
        }
        let idle = interpreter.pending == nil && !interpreter.hasQueuedCalls
        return ServerMessage.StatePicture(
            get: .object(state.get), global: .object(state.global), cache: .object(state.cache),
            jason: interpreter.pending?.jason ?? tracer.jason,
            mode: mode == .paused || debugger.pausedStep != nil ? "paused" : idle ? "idle" : "running",
            pending: pending, steps: interpreter.steps, views: interpreter.views.count)
    }
}
