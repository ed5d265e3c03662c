import JasonJSON
import JasonScript
import JasonTemplate
import Testing

/// Integers past 2^53 read the same whichever path answers: the Swift one for plain paths, or the
/// JavaScript engine, which holds every number as a double.
@Suite struct BigNumberTests {
    let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(ScriptEngine()))
    let data: JSON = ["id": .int(1_234_567_890_123_456_789), "small": 42]

    @Test func aPlainPathAgreesWithTheEngine() {
        let template: JSON = ["a": "{{id}}", "b": "{{id + 0}}", "c": "id {{id}}", "d": "id {{id + ''}}", "e": "{{small}}"]
        let rendered = transformer.transform(template, data: data).value
        #expect(rendered?["a"] == .double(1.2345678901234568e18))
        #expect(rendered?["a"] == rendered?["b"])
        #expect(rendered?["c"] == "id 1234567890123456800")
        #expect(rendered?["c"] == rendered?["d"])
        #expect(rendered?["e"] == .int(42))
    }
}
