import JasonJSON
import JasonScript
import JasonTemplate

/// The ST template compiler and transformer with JavaScriptCore behind `{{ }}`. An input that is the JSON
/// array `[template, data]` (the shape of the seeds) renders `template` against `data`; any other input
/// is one string template rendered against `fixedData`, so the fuzzer also explores the `{{ }}` syntax
/// byte by byte. A template that is one `{{ }}` which Swift answers without the engine is also
/// evaluated by the engine alone, and the two answers must be the same.
package final class TemplateHarness: Sendable {
    /// One engine serves every input (a fresh JavaScriptCore context per input runs at 30 inputs a
    /// second); what a template leaves in JavaScript's globals can reach later inputs (Docs/Fuzzing.md).
    let engine: ScriptEngine
    static let fixedData: JSON = [
        "a": 1, "s": "text", "items": [1, "two", ["k": 3], .null, false], "o": ["k": ["deep": [1, 2]]],
    ]

    package init(limits: ScriptLimits = ScriptLimits(time: 0.25, memory: 256 << 20)) {
        engine = ScriptEngine(limits: limits)
    }

    /// Renders the input; rendering has no wrong answer here, only crashes and hangs, so nothing is returned.
    package func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let template: JSON
        let data: JSON
        if let pair = try? JSONParser.parse(text), case .array(let parts) = pair, parts.count == 2 {
            template = parts[0]
            data = parts[1]
        } else {
            template = .string(text)
            data = Self.fixedData
        }
        let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(engine))
        let rendered = transformer.transform(template, data: data)
        if let value = rendered.value { _ = JSONPrinter.compact(value) }
        for diagnostic in rendered.diagnostics { _ = diagnostic.pointer.description }
        if case .string(let text) = template {
            crossCheck(text, data)
            if let value = transformer.fill(text, data: data).value { _ = JSONPrinter.compact(value) }
        } else {
            _ = transformer.run(template, data: data)
        }
    }

    /// Swift's answer for a lone `{{ }}` against the engine's own. Only while no input has had the
    /// chance to replace built-ins or add to their prototypes (the engine is shared): after one that
    /// may, the engine starts afresh so that the check goes on.
    func crossCheck(_ text: String, _ data: JSON) {
        guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.utf8.count >= 4, case .object(let root) = data else { return }
        let expression = String(text.dropFirst(2).dropLast(2))
        guard !expression.contains("{{"), !expression.contains("}}"), !expression.hasPrefix("#") else { return }
        if !engine.hasStandardBuiltins { engine.reset() }
        guard let ours = PathEvaluator.answerInSwift(expression, data: data, standardBuiltins: true) else { return }
        let theirs = engine.evaluate(expression, root: root)
        guard engine.hasStandardBuiltins else { return } // compiling it may have said it could replace some
        switch (ours, theirs) {
        case (.value(.object), _), (.value(.array), _): return // integers past 2^53 inside keep their digits
        case (.value(.double(let a)), .value(.double(let b))) where a.isNaN && b.isNaN: return
        case (.value(let a), .value(let b)) where a == b: return
        case (.undefined, .undefined), (_, .threw): return
        default: fatalError("Swift and JavaScriptCore disagree on {{\(expression)}}: \(ours) against \(theirs)")
        }
    }
}
