import JasonJSON
import JasonScript

/// Evaluates expressions in JavaScriptCore, the engine Jasonette used. The top-level data stays resident
/// in the engine between renders (members converted again only when they are not the same value); a
/// loop's items are taken from the resident array itself when the loop's expression is a plain path,
/// so nothing is converted per item. Within one render, what an expression changes is seen by the
/// expressions after it (st.js's one shared object).
package final class ScriptEvaluator: ExpressionEvaluator {
    package let engine: ScriptEngine

    package init(engine: ScriptEngine) {
        self.engine = engine
    }

    package var hasStandardBuiltins: Bool { engine.hasStandardBuiltins }

    package func evaluate(_ expression: String, in scope: Scope) -> Evaluation {
        if let failure = engine.loadFailure { return .failed(failure) }
        let (result, mayMutate): (ScriptResult, Bool)
        if scope.isRoot, !scope.hasLets, case .object = scope.this {
            // The commonest case, with one lock: synced at most once per render (unless another render
            // used the engine in between).
            (result, mayMutate) = engine.evaluate(expression, root: scope.this,
                                                  syncedAt: &passTakingPart(scope).syncedGeneration)
        } else {
            let (receiver, extras) = target(for: scope)
            (result, mayMutate) = engine.evaluate(expression, on: receiver, extras: extras)
        }
        if mayMutate { scope.pass.scriptOwnsData = true }
        return Evaluation(result)
    }

    /// `this` in the engine and the names set on it for each call (`$root`, `$index`, `#let` names), as
    /// a scope's slot keeps them.
    final class Target {
        let receiver: ScriptReceiver
        let extras: [(String, ScriptReceiver)]

        init(receiver: ScriptReceiver, extras: [(String, ScriptReceiver)]) {
            self.receiver = receiver
            self.extras = extras
        }
    }

    /// The render's pass, marked as one the engine took part in.
    func passTakingPart(_ scope: Scope) -> TransformPass {
        scope.pass.evaluatorTookPart = true
        return scope.pass
    }

    func target(for scope: Scope) -> (receiver: ScriptReceiver, extras: [(String, ScriptReceiver)]) {
        let pass = passTakingPart(scope)
        if scope.isRoot, case .object(let data) = scope.this {
            // Synced at most once per render (unless another render used the engine in between).
            let root = engine.residentRoot(data, syncedAt: &pass.syncedGeneration)
            if !scope.hasLets { return (root, []) }
            if let cached = scope.slot.value as? Target { return (cached.receiver, cached.extras) }
            let target = Target(receiver: root, extras: scope.lets.map { ($0.key, engine.hold($0.value)) })
            scope.slot.value = target
            return (target.receiver, target.extras)
        }
        if let cached = scope.slot.value as? Target { return (cached.receiver, cached.extras) }
        var extras: [(String, ScriptReceiver)] = []
        if case .object(let data) = scope.root {
            extras.append(("$root", engine.residentRoot(data, syncedAt: &pass.syncedGeneration)))
        } else {
            extras.append(("$root", engine.hold(scope.root)))
        }
        if let index = scope.index { extras.append(("$index", engine.hold(.int(index)))) }
        for (name, value) in scope.lets { extras.append((name, engine.hold(value))) }
        let receiver = residentItem(scope, pass) ?? engine.hold(scope.this)
        scope.slot.value = Target(receiver: receiver, extras: extras)
        return (receiver, extras)
    }

    /// A loop item as the engine holds it, when the loop's expression is a plain path (evaluating it
    /// again has no effect) and gives an array of the same length there.
    func residentItem(_ scope: Scope, _ pass: TransformPass) -> ScriptReceiver? {
        guard let source = scope.source, let index = scope.index,
              let array = residentArray(source, pass) else { return nil }
        return engine.element(index, of: array)
    }

    /// The loop's array as the engine holds it, looked for once per loop.
    func residentArray(_ source: ItemSource, _ pass: TransformPass) -> ScriptReceiver? {
        if !source.isResolved {
            source.isResolved = true
            if source.expression.path != nil {
                let parent = target(for: source.parent)
                if let held = engine.holdArray(source.expression.text, on: parent.receiver, extras: parent.extras),
                   held.count == source.count {
                    source.array = held.array
                }
            }
        }
        return source.array as? ScriptReceiver
    }
}

extension ScriptEvaluator: LoopPrefetching {
    /// The loop in one call into the engine, when its items are the engine's own (the loop's expression
    /// is a plain path) and no `#let` names are about.
    func prefetch(_ expressions: [ParsedExpression], source: ItemSource, root: JSON, scope: Scope) -> [Evaluation?]? {
        guard engine.loadFailure == nil, !scope.hasLets, !scope.hasRootLets, !scope.pass.scriptOwnsData,
              case .object(let data) = root else { return nil }
        let pass = passTakingPart(scope)
        guard let items = residentArray(source, pass) else { return nil }
        let rootReceiver = engine.residentRoot(data, syncedAt: &pass.syncedGeneration)
        let results = engine.evaluateEach(expressions.map(\.text), items: items, count: source.count, root: rootReceiver)
        return results?.map { $0.map(Evaluation.init) }
    }
}

extension Evaluation {
    init(_ result: ScriptResult) {
        switch result {
        case .value(let value): self = .value(value)
        case .undefined: self = .undefined
        case .threw(let message): self = .failed(message)
        }
    }
}

extension PathEvaluator {
    /// The evaluator the interpreter uses: plain paths in Swift, everything else in JavaScriptCore.
    /// The engine starts only when the first expression that needs it is evaluated.
    package static func withScriptEngine(_ engine: ScriptEngine = ScriptEngine()) -> PathEvaluator {
        PathEvaluator(fallback: ScriptEvaluator(engine: engine))
    }
}
