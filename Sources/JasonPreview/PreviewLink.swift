import JasonJSON
import Synchronization

/// Where the pages and the running program meet. The WebSocket connections hand it what the pages send
/// and take from it what to show; the session (which alone touches the interpreter) takes the commands
/// and publishes the pictures. It keeps the last picture of everything, so a page that connects late,
/// or again, is shown the current view at once.
package final class PreviewLink: Sendable {
    /// How a page answered an overlay.
    package enum Answer: Sendable, Equatable {
        case value(JSON?)
        case cancel
    }

    private struct Overlay: Sendable {
        var kind: String
        var options: JSON
        var waiter: CheckedContinuation<Answer, Never>?
    }

    private struct Shared: Sendable {
        var clients: [Int: Mailbox] = [:]
        var nextClient = 1
        var view: ServerMessage?
        var state: ServerMessage?
        /// The newest trace events, for pages that connect after they happened.
        var trace: [JSON] = []
        /// The newest lines of output, for the same reason.
        var output: [(line: String, pane: Pane)] = []
        var overlays: [Int: Overlay] = [:]
        /// Answers that came before the asking task got to wait for them.
        var early: [Int: Answer] = [:]
        var nextOverlay = 1
        var commands: [Command] = []
        /// Frames refused so far (the tests and the page's error line read it).
        var rejected = 0
    }

    /// A message for the session, with the page that sent it (errors go back to that page).
    package struct Command: Sendable {
        package var message: ClientMessage
        package var client: Int
    }

    private let shared = Mutex(Shared())
    static let keptTrace = 300
    /// Rung when a command arrives, so an idle session wakes up.
    package let doorbell = Doorbell()

    package init() {}

    // MARK: The pages' side

    /// A new page: its id, and the box of frames to send it, starting with the current picture.
    package func connect() -> (id: Int, frames: Mailbox) {
        let mailbox = Mailbox()
        let id = shared.withLock { s in
            let id = s.nextClient
            s.nextClient += 1
            s.clients[id] = mailbox
            for (kind, frame) in Self.picture(s) { mailbox.post(frame, kind: kind) }
            return id
        }
        return (id, mailbox)
    }

    package func disconnect(_ id: Int) {
        let mailbox = shared.withLock { $0.clients.removeValue(forKey: id) }
        mailbox?.close()
    }

    /// One text frame from page `client`. Answers and `hello` are handled here; the rest waits for the
    /// session. A frame that is not ours is answered with an error, to that page only.
    package func receive(_ text: String, from client: Int) {
        let message: ClientMessage
        do { message = try ClientMessage.parse(text) } catch {
            reject(error.message, from: client)
            return
        }
        switch message {
        case .hello:
            shared.withLock { s in for (kind, frame) in Self.picture(s) { s.clients[client]?.post(frame, kind: kind) } }
        case .answer(let id, let value, let cancelled):
            if !answer(id, cancelled ? .cancel : .value(value)) {
                send(.error("no overlay \(id) is waiting for an answer"), to: client)
            }
        default:
            shared.withLock { $0.commands.append(Command(message: message, client: client)) }
            doorbell.ring()
        }
    }

    /// Refuses a message over `limit` bytes. When it answers an overlay (an agent that logged megabytes
    /// before it answered), the overlay is answered with the refusal, so the action fails with a message
    /// and the page goes on instead of waiting for ever.
    package func refuseOversized(_ text: String, limit: Int, from client: Int) {
        let why = "the message has \(text.utf8.count) bytes; the preview takes at most \(limit)"
        reject(why, from: client)
        if case .answer(let id, _, _)? = try? ClientMessage.parse(text) {
            answer(id, .value(["error": .string("its answer was too large for the preview (\(why)): does it post or log that much?")]))
        }
    }

    /// Answers a frame that was refused with an error, to its page only.
    package func reject(_ why: String, from client: Int) {
        shared.withLock { s in
            s.rejected += 1
            s.clients[client]?.post(ServerMessage.error(why).text, kind: .line)
        }
    }

    package var rejectedCount: Int { shared.withLock { $0.rejected } }
    package var clientCount: Int { shared.withLock { $0.clients.count } }

    // MARK: The session's side

    /// Whether commands wait for the session.
    package var hasCommands: Bool { shared.withLock { !$0.commands.isEmpty } }

    /// The commands that arrived since the last call, oldest first.
    package func takeCommands() -> [Command] {
        shared.withLock { s in
            defer { s.commands = [] }
            return s.commands
        }
    }

    /// Sends `message` to every page; `view` and `state` are also kept for pages that come later.
    package func publish(_ message: ServerMessage) {
        let frame = message.text
        shared.withLock { s in
            switch message {
            case .view: s.view = message
            case .state: s.state = message
            case .trace(let events):
                s.trace += events
                if s.trace.count > Self.keptTrace { s.trace.removeFirst(s.trace.count - Self.keptTrace) }
            case .output(let line, let pane):
                s.output.append((line, pane))
                if s.output.count > Self.keptTrace { s.output.removeFirst(s.output.count - Self.keptTrace) }
            default: break
            }
            for client in s.clients.values { client.post(frame, kind: message.mailKind) }
        }
    }

    package func send(_ message: ServerMessage, to client: Int) {
        let frame = message.text
        shared.withLock { s in s.clients[client]?.post(frame, kind: message.mailKind) }
    }

    /// Shows an overlay that needs no answer (a toast, a banner).
    package func show(_ kind: String, _ options: JSON) {
        let id = shared.withLock { s in
            defer { s.nextOverlay += 1 }
            return s.nextOverlay
        }
        publish(.overlay(id: id, kind: kind, options: options))
    }

    /// Shows an overlay and waits until a page answers it; a cancelled task counts as Cancel.
    package func ask(_ kind: String, _ options: JSON) async -> Answer {
        let id = shared.withLock { s in
            defer { s.nextOverlay += 1 }
            s.overlays[s.nextOverlay] = Overlay(kind: kind, options: options)
            return s.nextOverlay
        }
        publish(.overlay(id: id, kind: kind, options: options))
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let early = shared.withLock { s -> Answer? in
                    if let answer = s.early.removeValue(forKey: id) { return answer }
                    s.overlays[id]?.waiter = continuation
                    return nil
                }
                if let early { continuation.resume(returning: early) }
            }
        } onCancel: {
            _ = answer(id, .cancel)
        }
    }

    /// Resolves overlay `id`; false when none such waits.
    @discardableResult
    package func answer(_ id: Int, _ answer: Answer) -> Bool {
        let overlay = shared.withLock { s -> Overlay? in
            guard let overlay = s.overlays.removeValue(forKey: id) else { return nil }
            if overlay.waiter == nil { s.early[id] = answer }
            return overlay
        }
        guard let overlay else { return false }
        publish(.overlayClosed(id: id))
        overlay.waiter?.resume(returning: answer)
        return true
    }

    /// Everything a page needs to show what is going on now.
    private static func picture(_ s: Shared) -> [(Mailbox.Kind, String)] {
        // The state first: the view's fields show what $get holds (typed before the page reloaded).
        var messages = [s.state, s.view].compactMap { $0 }
        if !s.trace.isEmpty { messages.append(.trace(s.trace)) }
        messages += s.output.map { .output($0.line, pane: $0.pane) }
        for (id, overlay) in s.overlays.sorted(by: { $0.key < $1.key }) {
            messages.append(.overlay(id: id, kind: overlay.kind, options: overlay.options))
        }
        return messages.map { ($0.mailKind, $0.text) }
    }
}

extension ServerMessage {
    /// How a page's mailbox treats the message while it waits.
    var mailKind: Mailbox.Kind {
        switch self {
        case .view: .view
        case .state: .state
        case .trace, .output, .error: .line
        case .overlay, .overlayClosed: .keep
        }
    }
}
