import JasonJSON
import Synchronization

/// What other tasks hand the loop (a host's thread, a handler's callback after its action completed):
/// the interpreter takes them in at its next step, in the order they came. The loop alone changes the
/// run's state; this is how everyone else asks it to.
public final class HostMailbox: Sendable {
    public enum Event: Sendable {
        /// An action the host wrote, to run behind the running chain with `jason` as its `$jason`.
        case perform(JSON, jason: JSON?)
        /// The user's back gesture: the view on top goes away (its running chain is abandoned, S24).
        case back
        /// Form input: `$get[name] = value` in the view on screen.
        case input(String, JSON)
        /// A problem found after the action that found it completed.
        case report(Diagnostic)
    }

    enum Mail: Sendable {
        case event(Event)
        /// A call an action queued after it completed.
        case call(QueuedCall)
    }

    private let mail = Mutex<[Mail]>([])

    public init() {}

    public func post(_ event: Event) { mail.withLock { $0.append(.event(event)) } }

    func post(_ call: QueuedCall) { mail.withLock { $0.append(.call(call)) } }

    func take() -> [Mail] {
        mail.withLock { mail in
            defer { mail = [] }
            return mail
        }
    }

    var isEmpty: Bool { mail.withLock { $0.isEmpty } }
}
