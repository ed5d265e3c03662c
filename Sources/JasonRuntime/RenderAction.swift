import JasonJSON
import JasonTemplate

/// `$render` (R31): draws `head.templates[options.template or "body"]` with the current data and shows it.
/// A non-empty register becomes the view data first, so `head.data`'s keys are no longer visible (S19);
/// `options.data`, when given, becomes `$jason`. It succeeds with no value; a missing template is not an
/// error (as on iOS).
struct RenderAction: ActionHandler {
    let spec: ActionSpec? = ActionSpec(
        "Renders head.templates[template] (default \"body\") with the current data and shows it.",
        options: [OptionSpec("template", .string, default: "body", "the name of the template in head.templates"),
                  OptionSpec("data", .any, "rendered again and used as $jason instead of the register"),
                  OptionSpec("type", .string, "json (the default); html and xml are not supported in a terminal")],
        returns: "undefined (no value)",
        errors: "never; a missing template draws nothing",
        terminal: "prints the body as JSON, as an outline (--render tree) or not at all (--render none)")

    func perform(_ invocation: ActionInvocation, in context: ActionContext) async throws(ActionFailure) -> JSON? {
        let options = invocation.optionObject
        if let jason = invocation.jason { context.state.replaceViewData(["$jason": jason]) }
        var data = context.state.templateData(jason: invocation.jason)
        if let override = options["data"], options["type"] == nil || options["type"] == "json",
           case .object(var members) = data {
            members["$jason"] = context.renderer.render(override, data: data).value
            data = .object(members)
        }
        let name = options["template"]?.stringValue ?? "body"
        guard let template = context.templates[name] else { return nil }
        let body = context.renderer.render(template, data: data).value ?? .null
        context.state.replaceBody(body)
        context.console.present(body: body)
        return nil
    }
}
