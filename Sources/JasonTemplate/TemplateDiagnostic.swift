import JasonJSON

/// An expression that stayed unresolved or threw while rendering. st.js swallows these silently; we
/// keep them so that `--trace` and the REPL can say why a `{{ }}` is still in the output.
package struct TemplateDiagnostic: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case undefined
        case failed(String)
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

    package var message: String {
        switch kind {
        case .undefined: "{{\(expression)}} is undefined; left as written"
        case .failed(let error): "{{\(expression)}} threw: \(error); left as written"
        }
    }
}

/// What rendering a template gave: the value (nil is JavaScript `undefined`) and what went unresolved.
package struct Transformed: Sendable {
    package var value: JSON?
    package var diagnostics: [TemplateDiagnostic]
}
