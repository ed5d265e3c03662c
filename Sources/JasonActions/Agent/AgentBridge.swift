import JasonJSON
import JasonRuntime

/// Where agents run: JavaScriptCore contexts in a terminal (`ScriptAgents`), sandboxed iframes in the
/// preview's page. Each call returns what the agents posted meanwhile, in order, once the agent has
/// answered or gone quiet; the bridge decides what the messages mean.
package protocol AgentRunner: Sendable {
    /// `method.apply(this, params)` in agent `id` (made first if it was not yet).
    func call(_ id: String, method: String, params: JSON?, in context: ActionContext, type: String) async throws(ActionFailure) -> [JSON]
    /// Runs `code` in agent `id`.
    func inject(_ id: String, code: String, in context: ActionContext, type: String) async throws(ActionFailure) -> [JSON]
    /// Empties agent `id` until it is refreshed.
    func clear(_ id: String, in context: ActionContext)
    /// Loads agent `id` afresh.
    func refresh(_ id: String, in context: ActionContext, type: String) async throws(ActionFailure) -> [JSON]
    /// Why agent `id` may have failed to answer (its page did not load completely…), to add to a message; "" if nothing.
    func diagnosis(_ id: String, in context: ActionContext) -> String
}

/// What agents post to the host, handled as the phone's agent service does (spec §4): a `response`
/// answers the pending `$agent.request` (or the agent that asked, through its callback), a `trigger` runs
/// a `head.actions` entry with the data as its options, an `href` opens a view, and a `request` calls
/// another agent.
struct AgentBridge {
    let runner: any AgentRunner
    let context: ActionContext
    let type: String
    /// The answer to the request from the flow, once an agent has given it.
    private(set) var answer: JSON??
    /// For an agent asked by another agent: who asked, and the nonce of its callback.
    private var askedBy: [String: (id: String, nonce: String)] = [:]
    private var handled = 0

    static let maximumMessages = 10_000

    init(runner: any AgentRunner, context: ActionContext, type: String) {
        (self.runner, self.context, self.type) = (runner, context, type)
    }

    /// `method` of agent `id` called for the flow: what the agent responds.
    mutating func request(_ id: String, method: String, params: JSON?) async throws(ActionFailure) -> JSON? {
        askedBy[id] = nil
        try await handle(try await runner.call(id, method: method, params: params, in: context, type: type), from: id)
        guard let answer else {
            throw ActionFailure(message: "agent '\(id)': \(method)(…) ended without calling $agent.response(…), "
                                + "so on the phone this action would wait for ever" + runner.diagnosis(id, in: context), type: type)
        }
        return answer
    }

    /// Handles what agent `id` posted, and what the agents it set working post in turn.
    mutating func handle(_ messages: [JSON], from id: String) async throws(ActionFailure) {
        var waiting = messages.map { (id, $0) }
        var next = 0
        while next < waiting.count {
            let (from, message) = waiting[next]
            next += 1
            handled += 1
            guard handled <= Self.maximumMessages else {
                throw ActionFailure(message: "agents posted more than \(Self.maximumMessages) messages for one action", type: type)
            }
            if let (agent, posted) = try await handle(message, from: from) {
                waiting += posted.map { (agent, $0) }
            }
        }
    }

    /// One message; what the agent it set working posted, if any.
    private mutating func handle(_ message: JSON, from id: String) async throws(ActionFailure) -> (String, [JSON])? {
        if let said = message["console"] {
            let line = "[agent \(id)] " + (said["text"]?.stringValue ?? "")
            if ["error", "warn"].contains(said["level"]?.stringValue) { context.output.printError(line) } else { context.output.print(line) }
        } else if let response = message["response"] {
            let data = response["data"]
            guard let asker = askedBy.removeValue(forKey: id) else {
                if answer == nil { answer = .some(data) }
                return nil
            }
            let callback = "$agent.callbacks[\(JSONPrinter.compact(.string(asker.nonce)))]"
            return (asker.id, try await runner.call(asker.id, method: callback, params: [data ?? .null], in: context, type: type))
        } else if let trigger = message["trigger"] {
            guard case .string(let name)? = trigger["name"] else { return nil }
            guard context.view.document.actions[name] != nil else {
                context.output.report(Diagnostic(.agent, .warning, "agent '\(id)' triggered '\(name)', which head.actions does not "
                                          + "have; nothing runs (as on the phone)", file: context.view.document.fileName))
                return nil
            }
            var call: JSONObject = ["trigger": .string(name)]
            if let options = trigger["data"], !options.isNull { call["options"] = options }
            context.queue.post(QueuedCall(.json(.object(call), origin: "agent \(id)")))
        } else if let href = message["href"] {
            context.queue.post(QueuedCall(.json(["type": "$href", "options": href["data"] ?? .null], origin: "agent \(id)")))
        } else if let request = message["request"] {
            guard case .string(let target)? = request["data"]?["id"], case .string(let method)? = request["data"]?["method"],
                  case .string(let nonce)? = request["nonce"] else { return nil }
            askedBy[target] = (id, nonce)
            return (target, try await runner.call(target, method: method, params: request["data"]?["params"], in: context, type: type))
        }
        return nil
    }

    /// How a failure for want of a browser reads, and how to get past it.
    static let missingMark = "MissingInTerminal: "
    static func readable(_ text: String) -> String { text.replacing(missingMark, with: "") }
    static let browserHint = ". Run the flow in jasonrun preview, where agents have a browser, or answer the request from the "
        + "--stubs file ({\"answers\": {\"$agent.request\": …}})"
}
