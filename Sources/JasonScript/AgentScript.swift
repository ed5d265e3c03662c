import JasonJSON
import Synchronization

/// One agent (`head.agents`, spec §4): its own JavaScriptCore context, apart from the template engine's,
/// running its page's scripts with the phone's bridge (`AgentPrelude`). Each call runs under the run's
/// JavaScript limits (time and memory), like any `{{ }}`.
package final class AgentScript: Sendable {
    package let id: String
    package let url: String
    let engine: ScriptEngine
    /// The step of the run that created it: going back before it forgets the agent (`AgentPool`).
    package let createdAt: Int
    private let facts = Mutex(Facts())

    struct Facts {
        var brokenBy: String?
        var cleared = false
    }

    package init(id: String, url: String, limits: ScriptLimits, seed: UInt64?, createdAt: Int,
                 time: (@Sendable () -> Double)?) {
        (self.id, self.url, self.createdAt) = (id, url, createdAt)
        engine = ScriptEngine(limits: limits, seed: seed)
        engine.readTime(from: time)
    }

    /// Sets up the bridge; false (with `brokenBy` set) when JavaScriptCore is missing.
    package func boot() -> Bool {
        run(AgentPrelude.source(url: url), as: "the agent bridge")
    }

    /// Runs one of the page's scripts. The first that fails is remembered, and said when a call fails:
    /// what the page meant to define may be missing.
    @discardableResult
    package func run(_ source: String, as name: String) -> Bool {
        guard let error = engine.run(source) else { return true }
        var why = error.description
        if why.contains("Can't find variable: $agent") { why += "; " + Self.agentLater }
        let said = "\(name): \(why)"
        facts.withLock { if $0.brokenBy == nil { $0.brokenBy = said } }
        return false
    }

    /// Why a page's top-level `$agent.…` fails, as on the phone.
    package static let agentLater = "$agent exists after the page has loaded: call it from a function or an onload handler"

    /// Runs injected code (`$agent.inject`); its failure is the action's, not the agent's.
    package func inject(_ source: String) -> ScriptError? { engine.run(source) }

    /// `method.apply(this, params)`, as the phone builds the call (a method may be any expression naming a
    /// function: `add`, `app.add`, `$agent.callbacks["n1"]`).
    package func call(_ method: String, params: JSON?) -> ScriptError? {
        let arguments = params.map { JSONPrinter.compact($0) } ?? "null"
        return inject("(\(method)).apply(this, \(arguments));")
    }

    /// Forgets what a failed call posted, so that the next call does not deliver it.
    package func dropMessages() { _ = inject("__jasonrun.take();") }

    /// The messages the agent posted since last asked, oldest first. Throws when they cannot be taken: a
    /// limit stopped the agent (its heap past --js-memory), which must not read as "it never answered".
    package func takeMessages() throws(ScriptError) -> [JSON] {
        switch engine.evaluate("__jasonrun.take()", this: .null) {
        case .value(.array(let messages)): return messages
        case .threw(let message): throw ScriptError(description: message)
        default: return []
        }
    }

    /// Runs the `load` listeners, once the page's scripts have run.
    package func pageLoaded() { _ = inject("__jasonrun.ready();") }

    /// Runs the timers set so far (all of them: time does not wait for an agent); true when any ran.
    package func tick() -> Bool {
        if case .value(.int(let ran)) = engine.evaluate("__jasonrun.tick()", this: .null) { return ran > 0 }
        return false
    }

    package var brokenBy: String? { facts.withLock { $0.brokenBy } }

    /// Something the page needs did not load (a script that could not be fetched).
    package func markBroken(_ why: String) { facts.withLock { if $0.brokenBy == nil { $0.brokenBy = why } } }

    /// `$agent.clear` makes it a blank page that answers nothing until `$agent.refresh`.
    package var isCleared: Bool {
        get { facts.withLock { $0.cleared } }
        set { facts.withLock { $0.cleared = newValue } }
    }
}

/// The agents of one view, made when first used. Their JavaScript state lives outside the run's state,
/// so a snapshot cannot hold it: going back before an agent was created forgets it, and it is made
/// again (its page loaded afresh) when used next.
package final class AgentPool: Sendable {
    private let agents = Mutex<[String: AgentScript]>([:])

    package init() {}

    package subscript(id: String) -> AgentScript? { agents.withLock { $0[id] } }

    package func keep(_ agent: AgentScript) { agents.withLock { $0[agent.id] = agent } }

    /// Forgets the agents made after step `step` (time travel went back to it).
    package func forget(createdAfter step: Int) {
        agents.withLock { $0 = $0.filter { $0.value.createdAt <= step } }
    }
}
