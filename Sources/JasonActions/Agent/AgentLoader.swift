import JasonJSON
import JasonRuntime
import JasonScript

/// Finding an agent of the view, and making it the first time it is used: its page fetched (through
/// the run's transport, so `file://` confinement, stubs and recordings apply), its scripts run in a
/// context of its own.
package enum AgentLoader {
    /// The agent `id` of `head.agents`, made now if it was not yet, with what it posted while loading.
    static func agent(_ id: String, for type: String, in context: ActionContext) async throws(ActionFailure)
        -> (AgentScript, [JSON])
    {
        if let agent = context.scripting.agents[id] {
            guard !agent.isCleared else {
                throw cleared(id, type: type)
            }
            return (agent, [])
        }
        return try await make(id, for: type, in: context)
    }

    /// Whether `head.agents` declares `id`.
    package static func declaration(_ id: String, in document: Document) -> JSON? {
        document.root["$jason"]?["head"]?["agents"]?[id]
    }

    /// A call to an agent that `$agent.clear` emptied.
    package static func cleared(_ id: String, type: String) -> ActionFailure {
        ActionFailure(message: "agent '\(id)' was cleared by $agent.clear; $agent.refresh loads it again", type: type)
    }

    /// `id` is not in `head.agents`: the failure names those that are.
    package static func undeclared(_ id: String, in document: Document, type: String) -> ActionFailure {
        let names = document.root["$jason"]?["head"]?["agents"]?.objectValue.map { $0.keys.sorted() } ?? []
        var message = AgentNames.undeclared(id, names)
        if let near = Suggestion.closest(to: id, among: names) { message += "; did you mean '\(near)'?" }
        return ActionFailure(message: message, type: type)
    }

    /// Loads agent `id` afresh (replacing one already made), with what its page posted while loading (a
    /// trigger, say), to be handled like any message.
    static func make(_ id: String, for type: String, in context: ActionContext) async throws(ActionFailure) -> (AgentScript, [JSON]) {
        let document = context.view.document
        guard let declared = declaration(id, in: document) else { throw undeclared(id, in: document, type: type) }
        let (url, page) = try await Self.page(of: id, declared, for: type, through: context.network)
        let agent = AgentScript(id: id, url: url, limits: context.scripting.engine.limits, seed: context.scripting.engine.seed,
                                createdAt: context.scripting.step, time: context.scripting.engine.timeSource)
        guard agent.boot() else {
            throw ActionFailure(message: "agent '\(id)' could not start: \(agent.brokenBy ?? "no JavaScript engine")", type: type)
        }
        for script in await sources(of: page, at: url, for: type, through: context.network.transport) {
            switch script.source {
            case .success(let source): agent.run(source, as: script.name)
            case .failure(let why):
                // A browser goes on past a script that did not load, and so does the agent; the user is told.
                agent.markBroken(why.description)
                context.output.report(Diagnostic(.agent, .warning, "agent '\(id)': \(why.description)"))
            }
        }
        if let broken = agent.brokenBy, broken.contains(AgentScript.agentLater) {
            context.output.report(Diagnostic(.agent, .warning, "agent '\(id)': \(AgentBridge.readable(broken))"))
        }
        agent.pageLoaded()
        context.scripting.agents.keep(agent)
        return (agent, try ScriptAgents.settle(agent, "its page", type: type))
    }

    /// The page's scripts in order, each named (its URL, or the page's line) with its text or why it
    /// could not be fetched.
    package static func sources(of page: AgentPage, at url: String, for type: String,
                                through transport: any HTTPTransport) async -> [(name: String, source: Result<String, AgentFetchFailure>)] {
        let pageName = url.hasPrefix("data:") ? "the page" : url
        var scripts: [(name: String, source: Result<String, AgentFetchFailure>)] = []
        for script in page.scripts {
            switch script.kind {
            case .inline(let source, let line):
                scripts.append(("the script at \(pageName):\(line)", .success(source)))
            case .file(let src):
                let scriptURL = ActionNetwork.absoluteURL(src, from: url, first: url)
                do throws(ActionFailure) {
                    let script = try await ActionNetwork.fetch(scriptURL, for: type, through: transport, from: url)
                    scripts.append((scriptURL, .success(script.bodyText)))
                } catch {
                    let why = error.payload?["message"]?.stringValue ?? "failed"
                    scripts.append((scriptURL, .failure(AgentFetchFailure(description: "\(scriptURL) could not be fetched: \(why)"))))
                }
            }
        }
        return scripts
    }

    /// The agent's URL (made absolute) and its page: `url` fetched, or `text` as written.
    package static func page(of id: String, _ declared: JSON, for type: String,
                             through network: ActionNetwork) async throws(ActionFailure) -> (String, AgentPage) {
        if case .string(let text)? = declared["text"] {
            return (network.url, AgentPage(html: text))
        }
        guard case .string(let written)? = declared["url"] else {
            throw ActionFailure(message: "agent '\(id)' in head.agents needs a \"url\" (or a \"text\" holding its page)", type: type)
        }
        let url = network.absoluteURL(written)
        let response: HTTPResponse
        do {
            response = try await network.fetch(url, for: type)
        } catch {
            throw ActionFailure(message: "agent '\(id)': its page \(written) could not be fetched: "
                                + (error.payload?["message"]?.stringValue ?? "failed"), type: type)
        }
        let isScript = url.lowercased().hasSuffix(".js") || response.header("Content-Type")?.contains("javascript") == true
        return (url, AgentPage(html: String(decoding: response.body, as: UTF8.self), isScript: isScript))
    }
}

package struct AgentFetchFailure: Error, CustomStringConvertible {
    package var description: String
}
