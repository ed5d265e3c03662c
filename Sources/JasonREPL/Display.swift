import JasonDebugger
import Foundation
import JasonJSON
import JasonRuntime

/// How stops, values and state read at the prompt.
extension REPL {
    /// Evaluates a template expression (`{{ }}` optional) against the current state.
    func evaluate(_ expression: String, jason: JSON?) -> Evaluation { debugger.evaluate(expression, jason: jason) }

    /// `print`: the value, or an error when the expression does not compile or throws.
    func printValue(_ expression: String) {
        // Text with `{{ }}` in it is rendered, as an option would be; only a whole `{{ … }}` is one expression.
        if Evaluation.isTemplate(expression) {
            let filled = debugger.fill(expression, jason: currentJason)
            return write(filled.shownText + "\n" + filled.problems.map { "  " + $0 + "\n" }.joined())
        }
        var inner = Evaluation.unwrap(expression)
        // Written bare, an object literal would read as `{{x: 1}}`: it goes in parentheses.
        if inner.hasPrefix("{"), !inner.hasPrefix("{{") { inner = "(" + inner + ")" }
        if let problem = interpreter.scriptEngine.syntaxError(in: inner) {
            let literal = inner.contains(":") && !inner.contains("?")
            return write("error: \(inner) does not compile: \(problem)\n"
                         + (literal ? "  (an object literal goes in parentheses: print ({a: 1}))\n" : ""))
        }
        let result = evaluate(inner, jason: currentJason)
        if let error = result.error { return write("error: \(inner) threw: \(error)\n") }
        write(result.text + "\n" + result.problems.map { "  " + $0 + "\n" }.joined())
    }

    /// Shows where the program stopped, or that it is idle, with what went wrong meanwhile.
    func show(_ event: SessionEvent) {
        reportDiagnostics()
        switch event {
        case .idle:
            let pending = interpreter.timers.active.count
            let steps = session.steps
            var line = "idle after \(steps) action" + (steps == 1 ? "" : "s")
            if case .failed = session.state { line += "; the last chain failed" }
            if pending > 0 { line += "; \(pending) timer(s) pending (advance to run them)" }
            write(line + "\n")
        case .paused(let step, let reason):
            write(Display.reason(reason) + "\n" + Display.step(step))
            for watch in session.watches {
                write("  watch \(watch.id): \(watch.expression) = \(evaluate(watch.expression, jason: step.jason).text)\n")
            }
            session.settleWatches(step)
        case .yielded:
            break   // the REPL sets no `yields`
        }
    }

    func reportDiagnostics() {
        for diagnostic in shownDiagnostics.unseen(in: interpreter.diagnostics) { write(describe(diagnostic)) }
        for diagnostic in shownTemplates.unseen(in: debugger.templateWarnings) { write(describe(diagnostic)) }
    }
}

enum Display {
    static func reason(_ reason: StopReason) -> String {
        switch reason {
        case .step: "stopped"
        case .breakpoint(let id): "stopped at breakpoint \(id)"
        case .watch(let id, let old, let new): "stopped: watch \(id) changed from \(old) to \(new)"
        case .errorBranch(let payload, let handled):
            (handled ? "stopped: the action failed; its error branch gets $jason = "
                     : "stopped: the action failed and has no error branch (the chain ends here); $jason = ")
                + (payload.map(JSONPrinter.compact) ?? "undefined")
        case .interrupted: "interrupted"
        case .back(let count): count == 1 ? "went back one action" : "went back \(count) actions"
        }
    }

    /// The action about to run: type, pointer, location, rendered options and unresolved expressions.
    static func step(_ step: ActionStep) -> String {
        var text = "→ \(step.name)  \(step.path.pointer.description.isEmpty ? "/" : step.path.pointer.description)"
        if let file = step.path.file { text += "  " + file + (step.path.location.map { ":\($0)" } ?? "") }
        text += "\n  options: " + (step.options.map(JSONPrinter.compact) ?? "none") + "\n"
        text += "  $jason: " + (step.jason.map(JSONPrinter.compact) ?? "undefined") + "\n"
        for d in step.templateDiagnostics {
            let place = (d.file ?? "") + (d.location.map { ":\($0)" } ?? "")
            text += "  unresolved \(place) \(d.pointer): \(d.message)\n"
        }
        return text
    }

    static func vars(_ data: JSON) -> String {
        guard case .object(let members) = data else { return "\n" }
        let order = ["$jason", "$get", "$params", "$global", "$cache", "$env"]
        var text = ""
        for key in order where key != "$env" {
            text += "\(key) = " + (members[key].map(JSONPrinter.compact) ?? "undefined") + "\n"
        }
        let rest = members.keys.filter { !order.contains($0) }.sorted()
        if !rest.isEmpty { text += "view data: " + rest.map { "\($0) = " + JSONPrinter.compact(members[$0]!) }.joined(separator: ", ") + "\n" }
        return text
    }

    /// The action at `path` (the paused one, or the selected frame's) as written, with its place.
    static func whereabouts(_ path: ActionPath?, document: Document) -> String {
        guard let path else { return "not paused\n" }
        let json = document.root.value(at: path.pointer).map { JSONPrinter.pretty($0) } ?? "(typed at the prompt)"
        return "\(path)\n" + json + "\n"
    }

    static func timers(_ timers: [Timers.Entry], now: Double) -> String {
        guard !timers.isEmpty else { return "no timers\n" }
        return timers.map { t in
            "  \(t.name): due at \(JSNumber.format(t.due)) s (in \(JSNumber.format(t.due - now)) s)"
                + (t.repeats ? ", every \(JSNumber.format(t.interval)) s" : "") + "\n"
        }.joined()
    }

    static func views(_ views: [ViewRecord]) -> String {
        views.enumerated().map { i, view in
            "  \(i == views.count - 1 ? "*" : " ") \(view.url.isEmpty ? "(no URL)" : view.url)"
                + (view.variables.params.isEmpty ? "" : "  $params = " + JSONPrinter.compact(.object(view.variables.params))) + "\n"
        }.joined()
    }

    static func describe(_ breakpoint: Breakpoint) -> String {
        let target = switch breakpoint.target {
        case .type(let pattern): "type \(pattern)"
        case .name(let name): "action \(name)"
        case .pointer(let pointer): "pointer \(pointer)"
        case .error: "error branches"
        case .unhandledError: "unhandled failures"
        }
        var notes: [String] = []
        if breakpoint.temporary { notes.append("once") }
        if !breakpoint.enabled { notes.append("disabled") }
        if breakpoint.hits > 0 { notes.append("hit \(breakpoint.hits)×") }
        if breakpoint.ignoreCount > 0 { notes.append("passes the next \(breakpoint.ignoreCount)") }
        if let condition = breakpoint.hitCondition { notes.append("stops on hit \(condition)") }
        return target + (breakpoint.condition.map { " if {{\($0)}}" } ?? "")
            + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
    }

    static func summary(_ document: Document) -> String {
        let names = document.actions.keys.sorted()
        if document.bareAction != nil { return "a single action (run runs it)" }
        return names.isEmpty ? "no actions" : "actions " + names.joined(separator: ", ")
    }

    /// `{{ x }}` or `x` → `x`.
    /// "90", "90s", "1500ms", "2m" in seconds.
    static func seconds(_ text: String) -> Double? {
        for (suffix, scale) in [("ms", 0.001), ("s", 1.0), ("m", 60.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).flatMap { $0 >= 0 ? $0 * scale : nil }
        }
        return Double(text).flatMap { $0 >= 0 ? $0 : nil }
    }
}
