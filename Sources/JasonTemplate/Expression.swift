import JasonJSON

/// What evaluating one `{{ }}` expression gave.
public enum Evaluation: Sendable, Hashable {
    case value(JSON)
    /// JavaScript `undefined`: the template text stays as it is (spec T3).
    case undefined
    /// The expression threw; the template text stays and the message is reported.
    case failed(String)
}

/// The data an expression sees, as st.js arranges it: `this` (the top-level data or a loop item), with
/// `$root`, and inside `#each` also `$index` and the names declared by `#let`.
public struct Scope: Sendable {
    public var this: JSON
    public var root: JSON
    public var index: Int?
    /// Names declared by enclosing `#let`s (T9).
    public var lets: JSONObject
    /// True when `this` is the top-level data itself (so an engine may keep it resident).
    public var isRoot: Bool
    /// Where an evaluator may keep its own copy of `this` while the scope lasts.
    public let slot: ScopeSlot

    public init(this: JSON, root: JSON, index: Int? = nil, lets: JSONObject = [:], isRoot: Bool = false,
                slot: ScopeSlot = ScopeSlot()) {
        self.this = this
        self.root = root
        self.index = index
        self.lets = lets
        self.isRoot = isRoot
        self.slot = slot
    }

    /// The top-level scope of a render: `this` and `$root` are the data.
    public static func top(_ data: JSON) -> Scope { Scope(this: data, root: data, isRoot: true) }

    /// Name lookup as `with(this)` sees it after st.js has put its bookkeeping names on the data.
    public func lookup(_ name: String) -> JSON? {
        if name.utf8.first == UInt8(ascii: "$") {
            if name == "$root" { return root }
            if name == "$index", let index { return .int(index) }
        }
        if !lets.isEmpty, let value = lets[name] { return value }
        if case .object(let members) = this { return members[name] }
        return nil
    }
}

/// A box an evaluator can fill once per scope (the JavaScript copy of a loop item, say).
public final class ScopeSlot: @unchecked Sendable {
    public var value: AnyObject?
    public init() {}
}

/// An expression as a compiled template keeps it: its text, and its plain path when it is one.
/// A class, so that handing it to the evaluator costs one reference count.
public final class ParsedExpression: Sendable, Hashable {
    public let text: String
    public let path: PathExpression?

    public init(_ text: String) {
        self.text = text
        path = PathExpression(text)
    }

    public static func == (a: ParsedExpression, b: ParsedExpression) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// Evaluates the JavaScript inside `{{ }}`. The template engine calls it; it does not care how.
public protocol ExpressionEvaluator: Sendable {
    func evaluate(_ expression: String, in scope: Scope) -> Evaluation
    /// The same for an expression parsed in advance; evaluators with a fast path use the parse.
    func evaluate(_ expression: ParsedExpression, in scope: Scope) -> Evaluation
}

extension ExpressionEvaluator {
    public func evaluate(_ expression: ParsedExpression, in scope: Scope) -> Evaluation {
        evaluate(expression.text, in: scope)
    }
}
