import JasonJSON

extension Transformation {
    /// `TRANSFORM.fillout(data, text)`: each `{{…}}` in turn, on the progressively filled string (T3).
    /// A falsy `this` is not evaluated at all (T2).
    mutating func fill(_ template: StringTemplate, _ scope: Scope) -> JSON? {
        guard !template.slots.isEmpty, scope.this.isTruthy else { return .string(template.text) }
        if template.slots.count == 1, template.isWholeText {
            // One expression and nothing around it (every condition, most options): its value, or the text
            // as written when it has none, as `fillInTurn` gives, without copying the text or the slot.
            return evaluate(template.slots[0].expression, scope, at: template.pointer, offset: template.slots[0].offset)
                ?? .string(template.text)
        }
        if template.slots.count == 1 || template.repeatsVariable {
            return fillInTurn(template, scope, from: 0, current: template.text)
        }
        // By position: the same result as st.js's successive replacements as long as no value brings
        // braces or `$` patterns of its own; the first one that does hands over to the exact way.
        var out = ""
        out.reserveCapacity(template.text.utf8.count + 16)
        for (i, slot) in template.slots.enumerated() {
            out += template.segments[i]
            guard let value = evaluate(slot.expression, scope, at: template.pointer, offset: slot.offset) else {
                out += slot.variable
                continue
            }
            let replacement = value.isTruthy ? TemplateText.jsString(value) : ""
            let plain = !replacement.utf8.contains { $0 == 0x7B || $0 == 0x7D || $0 == 0x24 }
            let isLastAndAlone = out.isEmpty && i == template.slots.count - 1 && template.segments[i + 1].isEmpty
            guard plain, !isLastAndAlone else {
                let rest = template.segments[(i + 1)...].enumerated().map { j, segment in
                    j == 0 ? segment : template.slots[i + j].variable + segment
                }.joined()
                var current = out + slot.variable + rest
                if TemplateText.isWholeExpression(current) { return value }
                current = TemplateText.replaceFirst(slot.variable, in: current, with: replacement)
                return fillInTurn(template, scope, from: i + 1, current: current)
            }
            out += replacement
        }
        return .string(out + template.segments[template.slots.count])
    }

    /// st.js's own way: each slot in turn replaces its first occurrence in the string filled so far,
    /// and a string that has become exactly one expression gives that expression's value.
    mutating func fillInTurn(_ template: StringTemplate, _ scope: Scope, from first: Int, current start: String) -> JSON? {
        var current = start
        // While nothing is filled in, whether the string is one expression was found when it was compiled.
        var isOwnText = first == 0
        for slot in template.slots[first...] {
            guard let value = evaluate(slot.expression, scope, at: template.pointer, offset: slot.offset) else { continue }
            if isOwnText ? template.isWholeText : TemplateText.isWholeExpression(current) { return value }
            let replacement = value.isTruthy ? TemplateText.jsString(value) : ""
            current = TemplateText.replaceFirst(slot.variable, in: current, with: replacement)
            isOwnText = false
        }
        return .string(current)
    }

    /// `fillout(data, "{{EXPR}}", raw)` as `#each` and `#include` use it: the value itself, `""` for a
    /// falsy one, nil when it is undefined or throws.
    mutating func fillRaw(_ expression: ParsedExpression, _ scope: Scope, at pointer: JSONPointer) -> JSON? {
        guard scope.this.isTruthy, let value = evaluate(expression, scope, at: pointer, offset: 0) else { return nil }
        return value.isTruthy ? value : .string("")
    }

    /// One expression; undefined and failures are reported and give nil.
    mutating func evaluate(_ expression: ParsedExpression, _ scope: Scope, at pointer: JSONPointer,
                           offset: Int) -> JSON? {
        let kind: TemplateDiagnostic.Kind
        let evaluation = scope.prefetched.flatMap { expression.needsEngine ? $0.take(expression) : nil }
            ?? evaluator.evaluate(expression, in: scope)
        switch evaluation {
        case .value(let v): return v
        case .undefined: kind = .undefined
        case .failed(let message): kind = .failed(message)
        }
        diagnostics.append(TemplateDiagnostic(pointer: pointer, expression: expression.text, offset: offset, kind: kind))
        return nil
    }
}
