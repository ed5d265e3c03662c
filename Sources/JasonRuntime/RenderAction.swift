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
        if let jason = invocation.jason { context.view.replaceViewData(["$jason": jason]) }
        var data = context.view.templateData(jason: invocation.jason)
        if let override = options["data"], options["type"] == nil || options["type"] == "json",
           case .object(var members) = data {
            members["$jason"] = context.view.transform(override, data: data)
            data = .object(members)
        }
        let name = options["template"]?.stringValue ?? "body"
        guard let template = context.view.templates[name] else {
            let message = RenderNames.missing(name, context.view.templates.keys.sorted()).message
            context.output.report(Diagnostic(.template, .warning, message, at: invocation.path))
            return nil
        }
        let rendered = context.view.transformer.transform(template, data: data)
        report(rendered.diagnostics, template: name, in: context.view.document, to: context.output)
        let body = rendered.value ?? .null
        context.view.replaceBody(body, drawnFrom: name, readsGet: JSONPrinter.compact(template).contains("$get"), by: invocation.path)
        context.output.console.present(body: body)
        return nil
    }
}

extension RenderAction {
    /// Expressions of the body that threw or stayed unresolved, as `template` warnings located in
    /// `head.templates` (errors with `--strict`). Those inside what a tap runs (an `action` or `href`, and
    /// the actions under them) are left alone: they are rendered again when they run (S20), with the
    /// `$jason` of that moment.
    func report(_ diagnostics: [TemplateDiagnostic], template name: String, in document: Document, to output: ActionOutput) {
        for diagnostic in Self.located(diagnostics, template: name, in: document) { output.report(diagnostic) }
    }

    /// The diagnostics of a body worth reporting, as warnings located in `head.templates[name]`.
    static func located(_ diagnostics: [TemplateDiagnostic], template name: String, in document: Document) -> [Diagnostic] {
        // A drawn part that no branch chose is simply not drawn: only an option's value needs one.
        let failures = diagnostics.filter { $0.kind != .noBranch && ($0.isCondition || !Self.rendersLater($0.pointer)) }
        let base = JSONPointer.root.appending("$jason").appending("head").appending("templates").appending(name)
        return failures.map { failure in
            let pointer = JSONPointer(base.description + failure.pointer.description)
            let path = failure.isInKey ? document.locator.keyPath(pointer) : document.locator.path(pointer)
            return Diagnostic(.template, .warning, failure.message, at: path)
        }
    }

    /// Whether the string at `pointer` (inside a body) belongs to what runs on a tap.
    static func rendersLater(_ pointer: JSONPointer) -> Bool {
        pointer.tokens.contains { $0 == "action" || $0 == "href" || $0 == "actions" }
    }
}
