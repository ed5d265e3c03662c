import JasonActions
import JasonJSON
import JasonRuntime
import Synchronization

/// Agents in the preview (spec §4): each runs in a sandboxed iframe of the page, the reference's web
/// view, so agents that use the DOM work. The run fetches the agent's page and its scripts itself
/// (through its transport: `file://` confinement, stubs and recordings hold), writes them into one page
/// with the bridge first, and serves it at an unguessable path; calls go to the page as `agent` overlays.
package final class FrameAgents: AgentRunner {
    let link: PreviewLink
    let frames: AgentFrames
    /// Agent frames by view and agent: the path the page loads, and whether `$agent.clear` emptied it. The
    /// view's context is held, so that its identity is not given to a later view's.
    private let known = Mutex<[String: (path: String, cleared: Bool, view: ActionContext)]>([:])
    /// Seconds the page waits for an agent to answer before it reports the agent quiet.
    static let wait = 10.0

    package init(link: PreviewLink, frames: AgentFrames) {
        self.link = link
        self.frames = frames
    }

    package func call(_ id: String, method: String, params: JSON?, in context: ActionContext,
                      type: String) async throws(ActionFailure) -> [JSON] {
        let path = try await frame(id, in: context, type: type)
        return try await ask(id, ["op": "call", "frame": .string(path), "method": .string(method), "params": params ?? [],
                                  "wait": .double(Self.wait)], what: "\(method)(…)", type: type)
    }

    package func inject(_ id: String, code: String, in context: ActionContext, type: String) async throws(ActionFailure) -> [JSON] {
        let path = try await frame(id, in: context, type: type)
        return try await ask(id, ["op": "inject", "frame": .string(path), "code": .string(code), "wait": .double(Self.wait)],
                             what: "the injected script", type: type)
    }

    package func clear(_ id: String, in context: ActionContext) {
        let key = Self.key(id, context)
        guard let path = known.withLock({ k -> String? in k[key]?.cleared = true; return k[key]?.path }) else { return }
        link.show("agent", ["op": "clear", "frame": .string(path)])
    }

    package func refresh(_ id: String, in context: ActionContext, type: String) async throws(ActionFailure) -> [JSON] {
        if let old = known.withLock({ $0.removeValue(forKey: Self.key(id, context))?.path }) {
            link.show("agent", ["op": "clear", "frame": .string(old)])
        }
        _ = try await frame(id, in: context, type: type)
        return []
    }

    package func diagnosis(_ id: String, in context: ActionContext) -> String {
        " (it had \(JSNumber.format(Self.wait)) s in the preview's page)"
    }

    /// The path of agent `id`'s frame in this view, its page written now if it was not yet.
    func frame(_ id: String, in context: ActionContext, type: String) async throws(ActionFailure) -> String {
        let key = Self.key(id, context)
        if let known = known.withLock({ $0[key] }) {
            guard !known.cleared else {
                throw AgentLoader.cleared(id, type: type)
            }
            return known.path
        }
        let document = context.view.document
        guard let declared = AgentLoader.declaration(id, in: document) else {
            throw AgentLoader.undeclared(id, in: document, type: type)
        }
        let (url, page) = try await AgentLoader.page(of: id, declared, for: type, through: context.network)
        let sources = await AgentLoader.sources(of: page, at: url, for: type, through: context.network.transport).map(\.source)
        let path = "/agent-frame/" + frames.add(page.inlined(sources, prelude: frames.bridge))
        known.withLock { $0[key] = (path, false, context) }
        return path
    }

    /// One call into the page; an agent that threw there fails the action, naming what threw.
    func ask(_ id: String, _ options: JSONObject, what: String, type: String) async throws(ActionFailure) -> [JSON] {
        guard case .value(let answer) = await link.ask("agent", .object(options)) else {
            throw ActionFailure(message: "agent '\(id)': the preview's page went away before \(what) ended", type: type)
        }
        if case .string(let error)? = answer?["error"] {
            throw ActionFailure(message: "agent '\(id)': \(error)", type: type)
        }
        let messages = answer?["messages"]?.arrayValue ?? []
        if let thrown = messages.first(where: { $0["error"] != nil })?["error"]?.stringValue {
            throw ActionFailure(message: "agent '\(id)': \(what) threw: \(thrown)", type: type)
        }
        return messages
    }

    static func key(_ id: String, _ context: ActionContext) -> String { "\(context.viewIdentity.hashValue)/\(id)" }
}

/// The agents' pages the server serves at `/agent-frame/KEY`, each under a new random key.
package final class AgentFrames: Sendable {
    private let pages = Mutex<[(key: String, html: String)]>([])
    /// `agent-bridge.js`, written first into every page.
    let bridge: String
    static let kept = 64

    package init(bridge: String) { self.bridge = bridge }

    func add(_ html: String) -> String {
        let key = PreviewGuard.newToken()
        pages.withLock { pages in
            pages.append((key, html))
            if pages.count > Self.kept { pages.removeFirst(pages.count - Self.kept) }
        }
        return key
    }

    package func page(_ key: String) -> String? { pages.withLock { $0.first { $0.key == key }?.html } }
}
