import JasonJSON
import Synchronization

/// One screen: a document opened at a URL, with its own variables (`$get`, `$params`, `$cache`) and the
/// context its actions run in.
public final class View: Sendable {
    public enum Transition: String, Sendable {
        case push, modal
    }

    public let document: Document
    public let url: String
    public let transition: Transition
    public let state: ViewState
    public let context: ActionContext
    /// The `$href` action that opened the view above, with the lambda frames of its chain: `$ok` there
    /// resumes it (R33, R34). Nil when that view was opened by a plain `href`.
    let callback = Mutex<Callback?>(nil)

    /// A class: snapshots of every step refer to it rather than copy it.
    final class Callback: Sendable {
        let call: ActionCall
        let frames: [ActionCall]

        init(call: ActionCall, frames: [ActionCall]) {
            self.call = call
            self.frames = frames
        }
    }

    init(document: Document, url: String, transition: Transition, state: ViewState, context: ActionContext) {
        self.document = document
        self.url = url
        self.transition = transition
        self.state = state
        self.context = context
    }
}

/// The stack of views (R33): the document first opened at the bottom, the one on screen on top.
/// Shared with handlers and hosts, so that a gesture such as the system back button can act at once.
public final class ViewStack: Sendable {
    private let views = Mutex<[View]>([])
    private let inbox: EventInbox
    private let changes = Atomic(0)

    init(inbox: EventInbox) {
        self.inbox = inbox
    }

    /// The view on screen.
    public var top: View? { views.withLock { $0.last } }
    /// Counts changes to the stack: cheaper to compare than the views themselves.
    public var generation: Int { changes.load(ordering: .acquiring) }
    public var all: [View] { views.withLock { $0 } }
    public var count: Int { views.withLock { $0.count } }

    func push(_ view: View) { changed { $0.append(view) } }

    /// Removes the top view and returns the one it reveals, if any.
    func pop() -> View? {
        changed { stack in
            guard stack.count > 1 else { return nil }
            stack.removeLast()
            return stack.last
        }
    }

    func replaceTop(with view: View) {
        changed { stack in
            if !stack.isEmpty { stack.removeLast() }
            stack.append(view)
        }
    }

    func reset(to view: View) { changed { $0 = [view] } }

    /// Puts back the views of a snapshot, bottom first.
    func restore(_ saved: [View]) { changed { $0 = saved } }

    /// Lets go of every view. Views point back here through their contexts, so the interpreter empties
    /// the stack when it goes away; otherwise the two would keep each other alive.
    func removeAll() { changed { $0.removeAll() } }

    private func changed<T>(_ body: (inout [View]) -> T) -> T {
        views.withLock { stack in
            defer { changes.add(1, ordering: .releasing) }
            return body(&stack)
        }
    }

    /// The user's back gesture: the top view goes away now, even while one of its actions waits for an
    /// answer (that chain is then abandoned, S24), and the view below shows again (`$show`).
    @discardableResult
    public func systemBack() -> Bool {
        guard let revealed = pop() else { return false }
        if revealed.document.actions["$show"] != nil { inbox.post(QueuedCall(.named("$show"))) }
        return true
    }
}
