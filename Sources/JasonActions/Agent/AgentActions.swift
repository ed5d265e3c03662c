import JasonJSON
import JasonRuntime
import JasonScript

/// `$agent.*` (spec §4): agents declared in `head.agents` run in JavaScript contexts of their own. A stub
/// file's `answers` for an `$agent.*` type still come first, so flows tested with stubs run as before.
package enum AgentActions {
    static let terminal = "each agent is a JavaScriptCore context of its own running its page's scripts, with a minimal "
        + "window and document; what needs the DOM fails the action, saying what (the preview runs agents in real iframes); "
        + "answers from the stub file come first"

    package static let handlers: [String: any ActionHandler] = [
        "request": ClosureHandler(ActionSpec(
            "Calls a function in an agent (a web view running scripts) and waits for its $agent.response.",
            options: [OptionSpec("id", .string, required: true, "the agent"),
                      OptionSpec("method", .string, required: true, "the function"),
                      OptionSpec("params", .array, "its arguments")],
            returns: "what the agent responds", errors: "no agent with that id, or it threw or never responded",
            terminal: terminal, changesScripts: true)) { invocation, context throws(ActionFailure) in
            if let stubbed = try stubbed(invocation, context) { return stubbed }
            let (id, type) = (invocation.optionObject["id"]?.stringValue ?? "", invocation.type)
            let method = invocation.optionObject["method"]?.stringValue ?? ""
            let agent = try await AgentLoader.agent(id, for: type, in: context)
            agent.source = nil
            if let error = agent.call(method, params: invocation.optionObject["params"]) {
                throw ActionFailure(message: AgentBridge.threw(agent, method, error), type: type)
            }
            var bridge = AgentBridge(context: context, type: type)
            try await bridge.settle(agent)
            guard let answer = bridge.answer else {
                throw ActionFailure(message: "agent '\(id)': \(method)(…) ended without calling $agent.response(…), "
                                    + "so on the phone this action would wait for ever" + AgentBridge.brokenNote(agent), type: type)
            }
            return answer
        },
        "inject": ClosureHandler(ActionSpec(
            "Runs scripts inside an agent.",
            options: [OptionSpec("id", .string, required: true, "the agent"),
                      OptionSpec("items", .array, required: true, "[{\"url\"} or {\"text\"}], joined and run in order")],
            errors: "a script could not be fetched or threw ({\"message\"})", terminal: terminal,
            changesScripts: true)) { invocation, context throws(ActionFailure) in
            if let stubbed = try stubbed(invocation, context) { return stubbed }
            let (id, type) = (invocation.optionObject["id"]?.stringValue ?? "", invocation.type)
            let agent = try await AgentLoader.agent(id, for: type, in: context)
            var codes: [String] = []
            var errors: [String] = []
            for item in invocation.optionObject["items"]?.arrayValue ?? [] {
                if case .string(let text)? = item["text"] {
                    codes.append(text)
                } else if case .string(let url)? = item["url"] {
                    guard url.hasPrefix("file://") || url.hasPrefix("http") || url.hasPrefix("data:") else {
                        errors.append("the injection must load from a file:// or http[s]:// url")
                        continue
                    }
                    do throws(ActionFailure) { codes.append(try await context.fetch(context.absoluteURL(url), for: type).bodyText) } catch {
                        errors.append(error.payload?["message"]?.stringValue ?? "\(url) could not be fetched")
                    }
                } else {
                    errors.append("must specify either a url or text")
                }
            }
            guard errors.isEmpty else { throw ActionFailure(message: errors.joined(separator: "; "), type: type) }
            if let error = agent.inject(codes.joined(separator: "\n")) {
                throw ActionFailure(message: "agent '\(id)': the injected script threw: \(error.description)", type: type)
            }
            var bridge = AgentBridge(context: context, type: type)
            try await bridge.settle(agent)
            return nil
        },
        "clear": ClosureHandler(ActionSpec(
            "Empties an agent (a blank page) until $agent.refresh loads it again.",
            options: [OptionSpec("id", .string, required: true, "the agent")], terminal: terminal,
            changesScripts: true)) { invocation, context throws(ActionFailure) in
            if let stubbed = try stubbed(invocation, context) { return stubbed }
            context.agents[invocation.optionObject["id"]?.stringValue ?? ""]?.isCleared = true
            return nil
        },
        "refresh": ClosureHandler(ActionSpec(
            "Loads an agent's page again, with a fresh JavaScript state.",
            options: [OptionSpec("id", .string, required: true, "the agent")],
            errors: "no agent with that id", terminal: terminal, changesScripts: true)) { invocation, context throws(ActionFailure) in
            if let stubbed = try stubbed(invocation, context) { return stubbed }
            try await AgentLoader.make(invocation.optionObject["id"]?.stringValue ?? "", for: invocation.type, in: context)
            return nil
        },
    ]

    /// The stub file's answer for this type, when it has one.
    static func stubbed(_ invocation: ActionInvocation, _ context: ActionContext) throws(ActionFailure) -> JSON?? {
        guard let answer = context.nextAnswer(for: invocation.type) else { return nil }
        return .some(try StubbedAction.apply(answer, type: invocation.type, cancel: .error))
    }
}
