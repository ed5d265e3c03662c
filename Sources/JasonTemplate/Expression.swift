import JasonJSON

/// What evaluating one `{{ }}` expression gave.
package enum Evaluation: Sendable, Hashable {
    case value(JSON)
    /// JavaScript `undefined`: the template text stays as it is (spec T3).
    case undefined
    /// The expression threw; the template text stays and the message is reported.
    case failed(String)
}

/// The data an expression sees, as st.js arranges it: `this` (the top-level data or a loop item), with
/// `$root`, and inside `#each` also `$index` and the names declared by `#let`.
package struct Scope {
    package private(set) var this: JSON
    /// `$root`: kept only where it is not `this` (a top scope is made at every render, and each member
    /// it holds is one more to let go of).
    package var root: JSON {
        get { otherRoot ?? this }
        set { otherRoot = newValue }
    }
    private var otherRoot: JSON?
    package var index: Int?
    /// Names declared by enclosing `#let`s (T9): own properties of `this` while the block runs.
    package var lets: JSONObject {
        get { declared?.lets ?? [:] }
        set { declared = Declared(lets: newValue, rootLets: rootLets).nonEmpty }
    }
    /// True when `this` is the top-level data itself (so an engine may keep it resident).
    package var isRoot: Bool
    /// Where an evaluator may keep its own copy of `this` while the scope lasts: a top scope's is its
    /// render's pass (one reference fewer to take and let go of at every render).
    package var slot: ScopeSlot { ownSlot ?? pass }
    private let ownSlot: ScopeSlot?
    /// The render this scope belongs to.
    let pass: TransformPass
    /// `#let` names declared on the top-level data, which `$root` then shows too (st.js sets them on
    /// the data object itself).
    var rootLets: JSONObject {
        get { declared?.rootLets ?? [:] }
        set { declared = Declared(lets: lets, rootLets: newValue).nonEmpty }
    }
    /// Both kinds of `#let` names, nil while there are none (most scopes).
    private var declared: Declared?
    /// For a loop item: the loop it comes from, so an engine can take the item from its own copy.
    var source: ItemSource?
    /// For a loop item: the loop's expressions evaluated in advance, when they were.
    var prefetched: PrefetchedLoop?

    private struct Declared {
        var lets: JSONObject
        var rootLets: JSONObject
        var nonEmpty: Declared? { lets.isEmpty && rootLets.isEmpty ? nil : self }
    }

    /// Whether `#let` names are about (`lets` not empty), told without making an empty object.
    package var hasLets: Bool { declared.map { !$0.lets.isEmpty } ?? false }
    var hasRootLets: Bool { declared.map { !$0.rootLets.isEmpty } ?? false }

    package init(this: JSON, root: JSON, index: Int? = nil, lets: JSONObject = [:], isRoot: Bool = false,
                slot: ScopeSlot = ScopeSlot()) {
        self.init(this: this, root: root, index: index, lets: lets, isRoot: isRoot, slot: slot, pass: TransformPass())
    }

    /// A render's first scope: its slot is the render's pass itself, one object made instead of two.
    init(top data: consuming JSON, pass: TransformPass = TransformPass()) {
        this = data
        isRoot = true
        ownSlot = nil
        self.pass = pass
    }

    init(this: JSON, root: JSON, index: Int? = nil, lets: JSONObject = [:], isRoot: Bool = false,
         slot: ScopeSlot = ScopeSlot(), pass: TransformPass) {
        self.this = this
        self.otherRoot = root
        self.index = index
        self.isRoot = isRoot
        ownSlot = slot
        self.pass = pass
        if !lets.isEmpty { declared = Declared(lets: lets, rootLets: [:]) }
    }

    /// The top-level scope of a render: `this` and `$root` are the data.
    package static func top(_ data: consuming JSON) -> Scope { Scope(top: data) }

    /// The same for a caller that renders again and again, one render after another (the interpreter's
    /// conditions): `kept` is its pass, cleared and used again unless a scope of an earlier render still
    /// holds it. Made anew at each render, it was an allocation and a release per action.
    package static func top(_ data: consuming JSON, reusing kept: inout TransformPass) -> Scope {
        if isKnownUniquelyReferenced(&kept) { kept.clear() } else { kept = TransformPass() }
        return Scope(top: data, pass: kept)
    }

    /// `this`, moved out (null is left): for a caller that lent a render its data and takes it back.
    package mutating func takeThis() -> JSON {
        var taken = JSON.null
        swap(&taken, &this)
        return taken
    }

    /// Name lookup as `with(this)` sees it after st.js has put its bookkeeping names on the data.
    package func lookup(_ name: String) -> JSON? {
        // Compared whole: two short names are equal or not by their bits, sooner than a first byte is read.
        if name == "$root" { return hasRootLets ? Self.overlay(root, rootLets) : root }
        if let index, name == "$index" { return .int(index) }
        if hasLets, let value = lets[name] { return value }
        if case .object(let members) = this { return members[name] }
        return nil
    }

    /// `lookup(name)` walked down `steps` when each is a member its object has (`$get.n`), each read where
    /// it lies: copied out, `$get` was retained and let go at every render. Nil for anything else (a
    /// `#let` name, an index, a missing member, an object too large to scan), which `lookup` and the
    /// general walk answer.
    func memberPath(_ name: String, _ steps: [PathExpression.Step]) -> JSON? {
        guard name != "$root", index == nil || name != "$index", !hasLets, case .object(let members) = this,
              var value = members.storedMember(name) else { return nil }
        for i in steps.indices {
            guard case .member(let key) = steps[i].access, let next = JSON.member(key, of: value) else { return nil }
            value = next
        }
        return value.pointee
    }

    /// `this` as expressions see it: with the `#let` names on it when it is an object.
    var thisWithLets: JSON { hasLets ? Self.overlay(this, lets) : this }

    static func overlay(_ value: JSON, _ names: JSONObject) -> JSON {
        guard case .object(var members) = value else { return value }
        for (name, declared) in names { members[name] = declared }
        return .object(members)
    }
}

/// A box an evaluator can fill once per scope (the JavaScript copy of a loop item, say).
package class ScopeSlot {
    package var value: AnyObject?
    package init() {}
}

/// What all the scopes of one render share, and the slot of its top scope. Renders are synchronous,
/// hence unchecked (and so are its variables' accesses).
package final class TransformPass: ScopeSlot {
    /// An expression may have changed the data inside the script engine: for the rest of the render,
    /// every expression is evaluated there, where the changed data is (st.js's one shared object).
    @exclusivity(unchecked) var scriptOwnsData = false
    /// Whether an evaluator with a state of its own (the script engine) took part in the render.
    @exclusivity(unchecked) var evaluatorTookPart = false
    /// The script engine's resident data generation this render synced at (`ScriptEngine.residentRoot`).
    @exclusivity(unchecked) var syncedGeneration: Int?

    override package init() {}

    /// As made: for the next render.
    func clear() {
        value = nil
        scriptOwnsData = false
        evaluatorTookPart = false
        syncedGeneration = nil
    }
}

/// The loop a loop item comes from: its expression, the scope it was evaluated in, and its length.
final class ItemSource {
    let expression: ParsedExpression
    let parent: Scope
    let count: Int
    /// The evaluator's copy of the array, looked for once.
    var isResolved = false
    var array: AnyObject?

    init(expression: ParsedExpression, parent: Scope, count: Int) {
        self.expression = expression
        self.parent = parent
        self.count = count
    }
}

/// An expression as a compiled template keeps it: its text, and its plain path when it is one.
/// A class, so that handing it to the evaluator costs one reference count.
package final class ParsedExpression: Sendable, Hashable {
    package let text: String
    package let path: PathExpression?
    /// Operators, conditions and built-in calls over paths and literals, which Swift can often answer
    /// without the engine.
    let simple: SimpleExpression?

    package init(_ text: String) {
        self.text = text
        path = PathExpression(text)
        simple = path == nil ? SimpleExpression(text) : nil
    }

    /// Whether the engine is needed whatever the data (neither a path nor a simple operation). When it
    /// is not, the text is JavaScript that compiles, without asking the engine.
    package var needsEngine: Bool { path == nil && simple == nil }

    package static func == (a: ParsedExpression, b: ParsedExpression) -> Bool { a.text == b.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// Evaluates the JavaScript inside `{{ }}`. The template engine calls it; it does not care how. A class:
/// every render holds it, and a struct in an existential was copied and destroyed through its witnesses.
package protocol ExpressionEvaluator: AnyObject, Sendable {
    func evaluate(_ expression: String, in scope: Scope) -> Evaluation
    /// Whether the built-in methods are still JavaScript's own (no script could have replaced them), so
    /// that Swift may answer calls of them.
    var hasStandardBuiltins: Bool { get }
    /// The same for an expression parsed in advance; evaluators with a fast path use the parse.
    func evaluate(_ expression: ParsedExpression, in scope: Scope) -> Evaluation
}

extension ExpressionEvaluator {
    package var hasStandardBuiltins: Bool { true }

    package func evaluate(_ expression: ParsedExpression, in scope: Scope) -> Evaluation {
        evaluate(expression.text, in: scope)
    }
}
