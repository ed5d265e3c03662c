import JasonJSON

/// What evaluating one `{{ }}` expression gave.
public enum Evaluation: Sendable, Hashable {
    case value(JSON)
    /// JavaScript `undefined`: the template text stays as it is (spec T3).
    case undefined
    /// The expression threw; the template text stays and the message is reported.
    case failed(String)
}

/// The data an expression sees: `this` (the current data object or loop item), `$root` and `$index`.
public struct Scope: Sendable {
    public var this: JSON
    public var root: JSON
    public var index: Int?

    public init(this: JSON, root: JSON, index: Int? = nil) {
        self.this = this
        self.root = root
        self.index = index
    }

    /// Name lookup as `with(this)` does it, for the names our data can hold.
    public func lookup(_ name: String) -> JSON? {
        if name == "$root" { return root }
        if name == "$index", let index { return .int(index) }
        return this[name]
    }
}

/// Evaluates the JavaScript inside `{{ }}`. The template engine calls it; it does not care how.
public protocol ExpressionEvaluator: Sendable {
    func evaluate(_ expression: String, in scope: Scope) -> Evaluation
}
