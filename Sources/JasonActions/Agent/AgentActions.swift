import JasonJSON
import JasonRuntime

/// `$agent.*` (spec §4): agents declared in `head.agents`, run by `runner` (JavaScriptCore contexts in a
/// terminal, iframes in the preview). A stub file's `answers` for an `$agent.*` type still come first,
/// so flows tested with stubs run as before.
package enum AgentActions {
    static let terminal = "each agent is a JavaScriptCore context of its own running its page's scripts, with a minimal "
        + "window and document; what needs the DOM fails the action, saying what (the preview runs agents in real iframes); "
        + "answers from the stub file come first"

    package static func handlers(runner: any AgentRunner) -> [String: any ActionHandler] {
        [
            "request": ClosureHandler(ActionSpec(
                "Calls a function in an agent (a web view running scripts) and waits for its $agent.response.",
                options: [OptionSpec("id", .string, required: true, "the agent"),
                          OptionSpec("method", .string, required: true, "the function"),
                          OptionSpec("params", .array, "its arguments")],
                returns: "what the agent responds", errors: "no agent with that id, or it threw or never responded",
                terminal: terminal, changesScripts: true)) { invocation, context throws(ActionFailure) in
                if let stubbed = try stubbed(invocation, context.answers) { return stubbed }
                var bridge = AgentBridge(runner: runner, context: context, type: invocation.type)
                return try await bridge.request(invocation.optionObject["id"]?.stringValue ?? "",
                                                method: invocation.optionObject["method"]?.stringValue ?? "",
                                                params: invocation.optionObject["params"])
            },
            "inject": ClosureHandler(ActionSpec(
                "Runs scripts inside an agent.",
                options: [OptionSpec("id", .string, required: true, "the agent"),
                          OptionSpec("items", .array, required: true, "[{\"url\"} or {\"text\"}], joined and run in order")],
                errors: "a script could not be fetched or threw ({\"message\"})", terminal: terminal,
                changesScripts: true)) { invocation, context throws(ActionFailure) in
                if let stubbed = try stubbed(invocation, context.answers) { return stubbed }
                let (id, type) = (invocation.optionObject["id"]?.stringValue ?? "", invocation.type)
                let code = try await injected(invocation.optionObject["items"]?.arrayValue ?? [], for: type, through: context.network)
                var bridge = AgentBridge(runner: runner, context: context, type: type)
                try await bridge.handle(try await runner.inject(id, code: code, in: context, type: type), from: id)
                return nil
            },
            "clear": ClosureHandler(ActionSpec(
                "Empties an agent (a blank page) until $agent.refresh loads it again.",
                options: [OptionSpec("id", .string, required: true, "the agent")], terminal: terminal,
                changesScripts: true)) { invocation, context throws(ActionFailure) in
                if let stubbed = try stubbed(invocation, context.answers) { return stubbed }
                runner.clear(invocation.optionObject["id"]?.stringValue ?? "", in: context)
                return nil
            },
            "refresh": ClosureHandler(ActionSpec(
                "Loads an agent's page again, with a fresh JavaScript state.",
                options: [OptionSpec("id", .string, required: true, "the agent")],
                errors: "no agent with that id", terminal: terminal, changesScripts: true)) { invocation, context throws(ActionFailure) in
                if let stubbed = try stubbed(invocation, context.answers) { return stubbed }
                let (id, type) = (invocation.optionObject["id"]?.stringValue ?? "", invocation.type)
                var bridge = AgentBridge(runner: runner, context: context, type: type)
                try await bridge.handle(try await runner.refresh(id, in: context, type: type), from: id)
                return nil
            },
        ]
    }

    /// The stub file's answer for this type, when it has one.
    static func stubbed(_ invocation: ActionInvocation, _ answers: ActionAnswers) throws(ActionFailure) -> JSON?? {
        guard let answer = answers.next(for: invocation.type) else { return nil }
        return .some(try StubbedAction.apply(answer, type: invocation.type, cancel: .error))
    }

    /// The code of `$agent.inject`'s items, joined in order; every item that fails is named, as the phone does.
    static func injected(_ items: [JSON], for type: String, through network: ActionNetwork) async throws(ActionFailure) -> String {
        var codes: [String] = []
        var errors: [String] = []
        for item in items {
            if case .string(let text)? = item["text"] {
                codes.append(text)
            } else if case .string(let url)? = item["url"] {
                guard url.hasPrefix("file://") || url.hasPrefix("http") || url.hasPrefix("data:") else {
                    errors.append("the injection must load from a file:// or http[s]:// url")
                    continue
                }
                do throws(ActionFailure) { codes.append(try await network.fetch(network.absoluteURL(url), for: type).bodyText) } catch {
                    errors.append(error.payload?["message"]?.stringValue ?? "\(url) could not be fetched")
                }
            } else {
                errors.append("must specify either a url or text")
            }
        }
        guard errors.isEmpty else { throw ActionFailure(message: errors.joined(separator: "; "), type: type) }
        return codes.joined(separator: "\n")
    }
}
