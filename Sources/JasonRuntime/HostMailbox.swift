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
    /// Set while mail waits: the loop looks at every step, and this spares it the lock.
    private let waiting = Atomic(false)

    public init() {}

    public func post(_ event: Event) { deliver(.event(event)) }

    func post(_ call: QueuedCall) { deliver(.call(call)) }

    private func deliver(_ item: Mail) {
        mail.withLock { mail in
            mail.append(item)
            waiting.store(true, ordering: .releasing)
        }
    }

    func take() -> [Mail] {
        guard waiting.load(ordering: .acquiring) else { return [] }
        return mail.withLock { mail in
            defer {
                mail = []
                waiting.store(false, ordering: .releasing)
            }
            return mail
        }
    }

    var isEmpty: Bool { !waiting.load(ordering: .acquiring) }
}
