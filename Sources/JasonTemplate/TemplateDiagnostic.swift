import JasonJSON

/// An expression that stayed unresolved or threw while rendering. st.js swallows these silently; we
/// keep them so that `--trace` and the REPL can say why a `{{ }}` is still in the output.
package struct TemplateDiagnostic: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case undefined
        case failed(String)
        /// A conditional whose conditions were all false and that has no `#else`: its value is null.
        case noBranch
    }

    /// Where the string holding the expression sits: relative to the rendered template's root, until
    /// the runtime makes it the pointer into the document (and fills in `file` and `location`).
    package var pointer: JSONPointer
    package var file: String?
    package var location: SourceLocation?
    /// The expression text, without `{{ }}`.
    package var expression: String
    /// The UTF-8 offset of `{{` inside the string.
    package var offset: Int
    package var kind: Kind
    /// What the user probably meant (`$jason` for `$json`), added by whoever knows the names.
    package var hint: String?

    package var message: String {
        let said = switch kind {
        case .undefined: "{{\(expression)}} is undefined; left as written"
        case .noBranch: "no branch of this conditional matched ({{#if \(expression)}} and every #elseif are false) "
            + "and it has no {{#else}}, so its value is null"
        case .failed(let error) where expression.hasTemplateMarker:
            Self.runsOn(expression, error) + "; left as written"
        case .failed(let error): "{{\(expression)}} threw: \(error); left as written"
        }
        if let hint { return said + "; " + hint }
        if let name = missingVariable, isInsideLoop {
            return said + "; inside {{#each}} the names are the current item's: the document's data is $root ($root.\(name))"
        }
        return said
    }

    /// `{{$jason.name} wants {{x}}`: the first `{{` ran on to the next one's `}}`. Said so by a run, the
    /// REPL and `check` alike.
    package static func runsOn(_ expression: String, _ error: String) -> String {
        "the {{ here is never closed before the next {{ (is a } missing?), so {{\(expression)}} is not JavaScript: \(error)"
    }

    /// The expression is the condition of a conditional's branch: when it cannot be evaluated, the whole
    /// array is left as written, which is never what the author meant.
    package var isCondition: Bool {
        guard let last = pointer.tokens.last, let name = Conditional.directiveName(last) else { return false }
        return name == "#if" || name == "#elseif"
    }

    /// The expression is the list of an `{{#each …}}`, evaluated where the loop is written.
    package var isLoopList: Bool {
        guard let last = pointer.tokens.last, let directive = Directive(last), directive.name.lowercased() == "#each"
        else { return false }
        return directive.expression.trimmingSpaces() == expression.trimmingSpaces()
    }

    /// The expression is written in a key (a conditional's condition, a loop's list): located at the key.
    package var isInKey: Bool { isCondition || isLoopList }

    /// The expression sits inside an `{{#each}}` body, where `this` is the item.
    package var isInsideLoop: Bool {
        let tokens = isLoopList ? pointer.tokens.dropLast() : pointer.tokens[...]
        return tokens.contains { Conditional.directiveName($0) == "#each" }
    }

    /// The name JavaScript could not find (`Can't find variable: $json`), if that is what went wrong.
    package var missingVariable: String? {
        guard case .failed(let error) = kind, let range = error.range(of: "Can't find variable: ") else { return nil }
        return String(error[range.upperBound...].prefix { !$0.isWhitespace })
    }
}

/// What rendering a template gave: the value (nil is JavaScript `undefined`) and what went unresolved.
package struct Transformed: Sendable {
    package var value: JSON?
    package var diagnostics: [TemplateDiagnostic]
}
