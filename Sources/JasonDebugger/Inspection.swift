import JasonJSON
import JasonRuntime

/// What a face shows of a stopped program: its frames, the values of expressions, and whether a
/// breakpoint can ever stop it.
extension Debugger {
    /// The `{{ }}` expressions that stayed unresolved so far, once each (what a batch run warns about).
    package var templateWarnings: [Diagnostic] { recorder.templateWarnings }

    /// The action the program is paused at.
    package var pausedStep: ActionStep? {
        if case .paused(let step, _) = session.state { return step }
        return nil
    }

    /// The paused chain's frames, innermost first (empty when not paused). Paused after a failure, the
    /// innermost is the action that failed (with the error payload as its `$jason`).
    package var frames: [CallFrame] {
        guard let step = pausedStep else { return [] }
        var stack = interpreter.state.callStack
        let top = CallFrame(name: CallFrame.entryName(of: step.entry ?? step.path) ?? stack.first?.name ?? "<chain>",
                            path: step.path, jason: step.jason, action: step.name)
        if stack.isEmpty { stack = [top] } else { stack[0] = top }
        return stack
    }

    /// The frame `up`, `down` and `frame N` selected, when paused.
    package var selectedFrame: CallFrame? {
        let stack = frames
        guard !stack.isEmpty else { return nil }
        return stack[min(session.selectedFrame, stack.count - 1)]
    }

    /// `$jason` for expressions: the selected frame's when paused, else what the last chain ended with.
    package var currentJason: JSON? {
        guard pausedStep != nil else { return result }
        return selectedFrame?.jason
    }

    /// An expression (`{{ }}` optional) evaluated against the view on screen with `jason` as `$jason`.
    package func evaluate(_ expression: String, jason: JSON?) -> Evaluation {
        let inner = Evaluation.unwrap(expression)
        let filled = interpreter.transform(.string("{{" + inner + "}}"), jason: jason)
        var evaluation = Evaluation(problems: filled.diagnostics.map(\.message))
        evaluation.error = filled.diagnostics.lazy.compactMap { diagnostic -> String? in
            if case .failed(let message) = diagnostic.kind { return message }
            return nil
        }.first
        guard let value = filled.value, value != .string("{{" + inner + "}}") else { return evaluation }
        evaluation.value = value
        evaluation.error = nil
        return evaluation
    }

    /// `template` filled in as an option's text would be at this stop, with the problems met.
    package func fill(_ template: String, jason: JSON?) -> Evaluation {
        let filled = interpreter.transform(.string(Evaluation.trimmed(template)), jason: jason)
        return Evaluation(value: filled.value, problems: filled.diagnostics.map(\.message))
    }

    /// Why a breakpoint can never stop the program, if it cannot: an unknown type, a pointer to nothing,
    /// a condition that does not compile.
    package func problem(with target: Breakpoint.Target, condition: String?) -> String? {
        if let condition, let problem = interpreter.scriptEngine.syntaxError(in: condition) {
            return "the condition {{\(condition)}} does not compile (\(problem)), so it never holds"
        }
        switch target {
        case .type(let type) where !type.contains("*") && type != "trigger" && !type.hasPrefix("@"):
            let known = Set(setup.registry.specs.map(\.type))
            guard !known.contains(type) else { return nil }
            if let near = Suggestion.closest(to: type, among: known.sorted()) {
                return "no action type '\(type)' is known, so this breakpoint never stops; did you mean '\(near)'?"
            }
            return "no action type '\(type)' is known, so this breakpoint never stops (break alone lists them, help lists the types)"
        case .pointer(let pointer):
            guard document.root.value(at: JSONPointer(pointer)) == nil else { return nil }
            return "the document has nothing at \(pointer), so this breakpoint never stops"
        default:
            return nil
        }
    }

    /// Gives the first queued call (the document's `$load`, or its single action) `jason` as its `$jason`.
    package func seedFirstCall(jason: JSON) { interpreter.seedFirstCall(jason: jason) }
}

/// The value of an expression at a stop: nil when undefined; `error` when it threw.
package struct Evaluation: Sendable {
    package var value: JSON?
    package var error: String?
    /// Every problem met (undefined names, what threw).
    package var problems: [String]

    init(value: JSON? = nil, error: String? = nil, problems: [String]) {
        self.value = value
        self.error = error
        self.problems = problems
    }

    /// The value as one line of JSON, or `undefined`.
    package var text: String { value.map(JSONPrinter.compact) ?? "undefined" }

    /// The value as a filled-in template shows it: a string as it is, anything else as one line of JSON.
    package var shownText: String { value.map { $0.stringValue ?? JSONPrinter.compact($0) } ?? "undefined" }

    /// Whether `line` is a template to fill in (`{{a}} and {{b}}`, `total: {{n}}`) rather than one
    /// expression (`{{ x }}` or `x`): it holds a `{{` and is not a single `{{ … }}` from end to end.
    package static func isTemplate(_ line: String) -> Bool {
        let text = Self.trimmed(line)
        guard text.hasTemplateMarker else { return false }
        guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.count >= 4 else { return true }
        let inner = text.dropFirst(2).dropLast(2)
        return inner.contains("{{") || inner.contains("}}")
    }

    static func trimmed(_ line: String) -> String {
        var text = Substring(line)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }

    /// `{{ x }}` or `x` → `x`.
    package static func unwrap(_ expression: String) -> String {
        var text = Substring(trimmed(expression))
        if text.hasPrefix("{{"), text.hasSuffix("}}"), text.count >= 4 { text = text.dropFirst(2).dropLast(2) }
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
