import JasonJSON
import JasonRuntime
import JasonScript

/// Agents in a terminal: each a JavaScriptCore context of its own (`AgentScript`), kept in the view's
/// pool. A call returns once the agent is quiet: what it posted, its timers run (at once, in order).
package struct ScriptAgents: AgentRunner {
    static let maximumRounds = 100

    package init() {}

    package func call(_ id: String, method: String, params: JSON?, in context: ActionContext,
                      type: String) async throws(ActionFailure) -> [JSON] {
        let (agent, loading) = try await AgentLoader.agent(id, for: type, in: context)
        if let error = agent.call(method, params: params) {
            agent.dropMessages()
            let missing = error.description.contains(AgentBridge.missingMark)
            throw ActionFailure(message: "agent '\(id)': \(method)(…) threw: \(AgentBridge.readable(error.description))"
                                + note(agent, missing: missing), type: type)
        }
        return loading + (try Self.settle(agent, "\(method)(…)", type: type))
    }

    package func inject(_ id: String, code: String, in context: ActionContext, type: String) async throws(ActionFailure) -> [JSON] {
        let (agent, loading) = try await AgentLoader.agent(id, for: type, in: context)
        if let error = agent.inject(code) {
            agent.dropMessages()
            throw ActionFailure(message: "agent '\(id)': the injected script threw: \(AgentBridge.readable(error.description))", type: type)
        }
        return loading + (try Self.settle(agent, "the injected script", type: type))
    }

    package func clear(_ id: String, in context: ActionContext) {
        context.scripting.agents[id]?.isCleared = true
    }

    package func refresh(_ id: String, in context: ActionContext, type: String) async throws(ActionFailure) -> [JSON] {
        try await AgentLoader.make(id, for: type, in: context).1
    }

    package func diagnosis(_ id: String, in context: ActionContext) -> String {
        context.scripting.agents[id].map { note($0, missing: false) } ?? ""
    }

    /// What `agent` posted until it went quiet: its messages, then what its timers post, round after round.
    /// What the agent posted, its timers run. A stop while taking it (a limit) is the action's failure.
    static func settle(_ agent: AgentScript, _ what: String, type: String) throws(ActionFailure) -> [JSON] {
        do throws(ScriptError) {
            var messages = try agent.takeMessages()
            for _ in 0..<Self.maximumRounds {
                guard agent.tick() else { break }
                messages += try agent.takeMessages()
            }
            return messages
        } catch {
            throw ActionFailure(message: "agent '\(agent.id)': \(what) was stopped: \(AgentBridge.readable(error.description))", type: type)
        }
    }

    /// Why the page may be missing what was called, and how to get past a missing browser.
    func note(_ agent: AgentScript, missing: Bool) -> String {
        let broken = agent.brokenBy
        var note = broken.map { "; its page did not load completely (\(AgentBridge.readable($0)))" } ?? ""
        if missing || broken?.contains(AgentBridge.missingMark) == true { note += AgentBridge.browserHint }
        return note
    }
}
