import JasonJSON

/// An expression that stayed unresolved or threw while rendering. st.js swallows these silently; we
/// keep them so that `--trace` and the REPL can say why a `{{ }}` is still in the output.
public struct TemplateDiagnostic: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case undefined
        case failed(String)
    }

    /// Where the string holding the expression sits: relative to the rendered template's root, until
    /// the runtime makes it the pointer into the document (and fills in `file` and `location`).
    public var pointer: JSONPointer
    public var file: String?
    public var location: SourceLocation?
    /// The expression text, without `{{ }}`.
    public var expression: String
    /// The UTF-8 offset of `{{` inside the string.
    public var offset: Int
    public var kind: Kind

    public var message: String {
        switch kind {
        case .undefined: "{{\(expression)}} is undefined; left as written"
        case .failed(let error): "{{\(expression)}} threw: \(error); left as written"
        }
    }
}

/// What rendering a template gave: the value (nil is JavaScript `undefined`) and what went unresolved.
public struct Rendered: Sendable {
    public var value: JSON?
    public var diagnostics: [TemplateDiagnostic]
}
