import JasonJSON
import JasonRuntime
import JasonScript

/// What agents post to the host, handled as the phone's agent service does (spec §4): a `response`
/// answers the pending `$agent.request` (or the agent that asked, through its callback), a `trigger` runs
/// a `head.actions` entry with the data as its options, an `href` opens a view, and a `request` calls
/// another agent. Messages are handled until every agent involved is quiet, its timers run too.
struct AgentBridge {
    let context: ActionContext
    let type: String
    /// The answer to the request from the flow, once an agent has given it.
    private(set) var answer: JSON??
    private var handled = 0

    static let maximumMessages = 10_000
    static let maximumRounds = 100

    init(context: ActionContext, type: String) {
        self.context = context
        self.type = type
    }

    mutating func settle(_ first: AgentScript) async throws(ActionFailure) {
        var involved: [String: AgentScript] = [first.id: first]
        for _ in 0..<Self.maximumRounds {
            var waiting = Array(involved.values)
            while let agent = waiting.popLast() {
                for message in agent.takeMessages() {
                    handled += 1
                    guard handled <= Self.maximumMessages else {
                        throw ActionFailure(message: "agents posted more than \(Self.maximumMessages) messages for one action", type: type)
                    }
                    if let next = try await handle(message, from: agent) {
                        involved[next.id] = next
                        waiting.append(next)
                    }
                }
            }
            // Timers run once everything posted so far is handled; what they post is handled next round.
            var ran = false
            for agent in involved.values where agent.tick() { ran = true }
            if !ran { return }
        }
    }

    /// Handles one message; returns the agent it set working, if any (its messages are handled next).
    private mutating func handle(_ message: JSON, from agent: AgentScript) async throws(ActionFailure) -> AgentScript? {
        if let said = message["console"] {
            let line = "[agent \(agent.id)] " + (said["text"]?.stringValue ?? "")
            if ["error", "warn"].contains(said["level"]?.stringValue) { context.console.printError(line) } else { context.console.print(line) }
        } else if let response = message["response"] {
            let data = response["data"]
            if let source = agent.source {
                agent.source = nil
                guard let caller = context.agents[source.id] else { return nil }
                if let error = caller.call("$agent.callbacks[\(JSONPrinter.compact(.string(source.nonce)))]", params: [data ?? .null]) {
                    throw ActionFailure(message: "agent '\(caller.id)': the callback of its request to '\(agent.id)' threw: \(error)",
                                        type: type)
                }
                return caller
            }
            if answer == nil { answer = .some(data) }
        } else if let trigger = message["trigger"] {
            guard case .string(let name)? = trigger["name"] else { return nil }
            guard context.document.actions[name] != nil else {
                context.report(Diagnostic(.agent, .warning, "agent '\(agent.id)' triggered '\(name)', which head.actions does not "
                                          + "have; nothing runs (as on the phone)", file: context.document.fileName))
                return nil
            }
            var call: JSONObject = ["trigger": .string(name)]
            if let options = trigger["data"], !options.isNull { call["options"] = options }
            context.post(QueuedCall(.json(.object(call), origin: "agent \(agent.id)")))
        } else if let href = message["href"] {
            context.post(QueuedCall(.json(["type": "$href", "options": href["data"] ?? .null], origin: "agent \(agent.id)")))
        } else if let request = message["request"] {
            guard case .string(let id)? = request["data"]?["id"], case .string(let method)? = request["data"]?["method"],
                  case .string(let nonce)? = request["nonce"] else { return nil }
            let target = try await AgentLoader.agent(id, for: type, in: context)
            target.source = (agent.id, nonce)
            if let error = target.call(method, params: request["data"]?["params"]) {
                throw ActionFailure(message: AgentBridge.threw(target, method, error), type: type)
            }
            return target
        }
        return nil
    }

    /// `agent 'eth': encrypt(…) threw: …`, with why its page may not have loaded.
    static func threw(_ agent: AgentScript, _ method: String, _ error: ScriptError) -> String {
        "agent '\(agent.id)': \(method)(…) threw: \(readable(error.description))" + brokenNote(agent, missing: isMissing(error.description))
    }

    /// What failed for want of a browser, and how to get past it; nothing when nothing did.
    static func brokenNote(_ agent: AgentScript, missing: Bool = false) -> String {
        let broken = agent.brokenBy
        guard missing || broken != nil else { return "" }
        var note = broken.map { "; its page did not load completely (\(readable($0)))" } ?? ""
        if missing || isMissing(broken ?? "") {
            note += ". Run the flow in jasonrun preview, where agents have a browser, or answer the request from the "
                + "--stubs file ({\"answers\": {\"$agent.request\": …}})"
        }
        return note
    }

    static let missingMark = "MissingInTerminal: "
    static func isMissing(_ text: String) -> Bool { text.contains(missingMark) }
    static func readable(_ text: String) -> String { text.replacing(missingMark, with: "") }
}
