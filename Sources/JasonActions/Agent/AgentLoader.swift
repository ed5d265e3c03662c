import JasonJSON
import JasonRuntime
import JasonScript

/// Finding an agent of the view, and making it the first time it is used: its page fetched (through
/// the run's transport, so `file://` confinement, stubs and recordings apply), its scripts run in a
/// context of its own.
enum AgentLoader {
    /// The agent `id` of `head.agents`, made now if it was not yet.
    static func agent(_ id: String, for type: String, in context: ActionContext) async throws(ActionFailure) -> AgentScript {
        if let agent = context.agents[id] {
            guard !agent.isCleared else {
                throw ActionFailure(message: "agent '\(id)' was cleared by $agent.clear; $agent.refresh loads it again", type: type)
            }
            return agent
        }
        return try await make(id, for: type, in: context)
    }

    /// Whether `head.agents` declares `id`.
    static func declaration(_ id: String, in context: ActionContext) -> JSON? {
        context.document.root["$jason"]?["head"]?["agents"]?[id]
    }

    /// Loads agent `id` afresh (replacing one already made) and lets it settle: what its page posts while
    /// loading (a trigger, say) is handled like any message.
    @discardableResult
    static func make(_ id: String, for type: String, in context: ActionContext) async throws(ActionFailure) -> AgentScript {
        guard let declared = declaration(id, in: context) else {
            let names = context.document.root["$jason"]?["head"]?["agents"]?.objectValue.map { Array($0.keys) } ?? []
            throw ActionFailure(message: "no agent '\(id)': head.agents declares "
                                + (names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")), type: type)
        }
        let (url, page) = try await Self.page(of: id, declared, for: type, in: context)
        let agent = AgentScript(id: id, url: url, limits: context.scripts.limits, seed: context.scripts.seed,
                                createdAt: context.step, time: context.scripts.timeSource)
        guard agent.boot() else {
            throw ActionFailure(message: "agent '\(id)' could not start: \(agent.brokenBy ?? "no JavaScript engine")", type: type)
        }
        let name = url.hasPrefix("data:") ? "the page" : url
        for script in page.scripts {
            switch script {
            case .inline(let source, let line):
                agent.run(source, as: "the script at \(name):\(line)")
            case .file(let src):
                let scriptURL = ActionContext.absoluteURL(src, from: url, first: url)
                do {
                    agent.run(try await context.fetch(scriptURL, for: type).bodyText, as: scriptURL)
                } catch {
                    agent.markBroken("\(scriptURL) could not be fetched: \(error.payload?["message"]?.stringValue ?? "failed")")
                }
            }
        }
        agent.pageLoaded()
        context.agents.keep(agent)
        var bridge = AgentBridge(context: context, type: type)
        try await bridge.settle(agent)
        return agent
    }

    /// The agent's URL (made absolute) and its page: `url` fetched, or `text` as written.
    static func page(of id: String, _ declared: JSON, for type: String,
                     in context: ActionContext) async throws(ActionFailure) -> (String, AgentPage) {
        if case .string(let text)? = declared["text"] {
            return (context.url, AgentPage(html: text))
        }
        guard case .string(let written)? = declared["url"] else {
            throw ActionFailure(message: "agent '\(id)' in head.agents needs a \"url\" (or a \"text\" holding its page)", type: type)
        }
        let url = context.absoluteURL(written)
        let response: HTTPResponse
        do {
            response = try await context.fetch(url, for: type)
        } catch {
            throw ActionFailure(message: "agent '\(id)': its page \(written) could not be fetched: "
                                + (error.payload?["message"]?.stringValue ?? "failed"), type: type)
        }
        let isScript = url.lowercased().hasSuffix(".js") || response.header("Content-Type")?.contains("javascript") == true
        return (url, AgentPage(html: String(decoding: response.body, as: UTF8.self), isScript: isScript))
    }
}
