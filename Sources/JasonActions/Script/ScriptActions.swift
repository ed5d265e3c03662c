import JasonJSON
import JasonRuntime

/// `$script.include` and `$script.clear`: scripts run in the same JavaScriptCore context as `{{ }}`, so
/// templates can call the functions they define.
package enum ScriptActions {
    package static let handlers: [String: any ActionHandler] = [
        "include": ClosureHandler(ActionSpec(
            "Runs scripts so that template expressions can use what they define.",
            options: [OptionSpec("items", .array, required: true, "[{\"url\": …} or {\"text\": …}], run in order")],
            errors: "a script could not be fetched or threw ({\"message\"})",
            terminal: "as on the phone; globals holding data are also visible to templates by name, as on iOS",
            changesScripts: true)) { invocation, context throws(ActionFailure) in
            for (i, item) in (invocation.optionObject["items"]?.arrayValue ?? []).enumerated() {
                let source: String
                if case .string(let text)? = item["text"] {
                    source = text
                } else if case .string(let written)? = item["url"] {
                    source = try await context.network.fetch(context.network.absoluteURL(written), for: invocation.type).bodyText
                } else {
                    throw ActionFailure(message: "items[\(i)] needs a \"url\" or a \"text\"", type: invocation.type)
                }
                switch context.scripting.engine.include(source) {
                case .success(let globals): context.scripting.mergeGlobals(globals)
                case .failure(let error):
                    throw ActionFailure(message: "items[\(i)]: \(error.description)", type: invocation.type)
                }
            }
            return nil
        },
        "clear": ClosureHandler(ActionSpec(
            "Forgets every included script.",
            terminal: "starts a fresh JavaScript context", changesScripts: true)) { _, context in
            context.scripting.engine.reset()
            context.scripting.clearGlobals()
            return nil
        },
    ]
}
