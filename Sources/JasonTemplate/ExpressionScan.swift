import JasonJSON

/// What a static check needs to know about the `{{ }}` in a string, without evaluating anything.
package enum ExpressionScan {
    /// One `{{…}}` of a string: the JavaScript to compile (a directive's expression, or the whole text
    /// when it is not a directive), the directive's name if it is one, and the UTF-8 offset of `{{`.
    package struct Slot: Sendable, Hashable {
        package var script: String
        package var directive: String?
        package var offset: Int
    }

    /// Every `{{…}}` of `text`, found as st.js finds them (non-greedy, never across a line break).
    package static func slots(in text: String) -> [Slot] {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return [] }
        return TemplateText.slots(in: text).map { slot in
            guard let directive = Directive(slot.variable) else {
                return Slot(script: slot.expression, directive: nil, offset: slot.offset)
            }
            return Slot(script: directive.expression, directive: directive.name, offset: slot.offset)
        }
    }

    /// A key or string written as a directive (`{{#if x}}`, `#else`): its name and expression.
    package static func directive(_ text: String) -> (name: String, expression: String)? {
        Directive(text).map { ($0.name, $0.expression) }
    }

    /// Whether st.js would take the array as a conditional.
    package static func isConditional(_ elements: [JSON]) -> Bool { Conditional.isConditional(elements) }
}
