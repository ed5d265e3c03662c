import JasonJSON
import JasonScript
import Testing
@testable import JasonTemplate

/// A render answered without JavaScript is a function of its data: the same template with the same
/// data (a document's body drawn at load and again by `$render`) is not rendered twice. Anything that
/// reached JavaScript is rendered again, since an expression may answer differently each time.
@Suite struct RepeatedRenderTests {
    let template: JSON = ["items": ["{{#each items}}": ["text": "{{name}}"]]]

    @Test func theSameDataGivesTheKeptResult() {
        let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine())
        let items: JSON = [["name": "a"], ["name": "b"]]
        let first = transformer.transform(template, data: ["items": items])
        let again = transformer.transform(template, data: ["items": items])
        #expect(first.value == ["items": [["text": "a"], ["text": "b"]]])
        guard let one = first.value, let two = again.value else { return }
        #expect(one.isIdentical(to: two))
    }

    @Test func changedDataIsRenderedAgain() {
        let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine())
        _ = transformer.transform(template, data: ["items": [["name": "a"]]])
        #expect(transformer.transform(template, data: ["items": [["name": "z"]]]).value == ["items": [["text": "z"]]])
        // Equal values built anew are not taken for the kept ones, but give the same result.
        #expect(transformer.transform(template, data: ["items": [["name": "z"]]]).value == ["items": [["text": "z"]]])
    }

    @Test func whatReachedJavaScriptIsRenderedEveryTime() {
        let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine())
        let counting: JSON = ["n": "{{(this.counter = (this.counter || 0) + 1, Math.random())}}"]
        let data: JSON = ["x": 1]
        let first = transformer.transform(counting, data: data).value
        let second = transformer.transform(counting, data: data).value
        #expect(first != nil && second != nil && first != second)
    }
}
