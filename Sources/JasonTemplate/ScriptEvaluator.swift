import JasonJSON
import JasonScript

/// Evaluates expressions in JavaScriptCore, the engine Jasonette used. The top-level data stays resident
/// in the engine between renders; a loop item's `this` is converted once and kept in its scope's slot.
public struct ScriptEvaluator: ExpressionEvaluator {
    public let engine: ScriptEngine

    public init(engine: ScriptEngine) {
        self.engine = engine
    }

    public func evaluate(_ expression: String, in scope: Scope) -> Evaluation {
        let result: ScriptResult
        if scope.isRoot, scope.lets.isEmpty, case .object(let data) = scope.this {
            result = engine.evaluate(expression, root: data)
        } else {
            result = engine.evaluate(expression, receiver: receiver(for: scope))
        }
        return switch result {
        case .value(let value): .value(value)
        case .undefined: .undefined
        case .threw(let message): .failed(message)
        }
    }

    func receiver(for scope: Scope) -> ScriptReceiver {
        if let cached = scope.slot.value as? ScriptReceiver { return cached }
        var extras: [String: ScriptReceiver.Extra] = [:]
        if case .object(let data) = scope.root {
            extras["$root"] = .receiver(engine.rootReceiver(for: data))
        } else {
            extras["$root"] = .json(scope.root)
        }
        if let index = scope.index { extras["$index"] = .json(.int(index)) }
        for (name, value) in scope.lets { extras[name] = .json(value) }
        let receiver = engine.receiver(for: scope.this, extras: extras)
        scope.slot.value = receiver
        return receiver
    }
}

extension PathEvaluator {
    /// The evaluator the interpreter uses: plain paths in Swift, everything else in JavaScriptCore.
    /// The engine starts only when the first expression that needs it is evaluated.
    public static func withScriptEngine(_ engine: ScriptEngine = ScriptEngine()) -> PathEvaluator {
        PathEvaluator(fallback: ScriptEvaluator(engine: engine))
    }
}
