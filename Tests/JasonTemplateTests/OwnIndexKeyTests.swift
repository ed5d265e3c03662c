import JasonJSON
import JasonScript
import JasonTemplate
import Testing

/// A data item's own `$index` key: inside a loop `$index` is the loop's; afterwards the item still has
/// its key. st.js deletes it (its loop bookkeeping writes and then removes `$index` on the item itself).
@Suite struct OwnIndexKeyTests {
    let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(ScriptEngine()))
    let data: JSON = ["items": [["$index": 7, "n": "a"], ["n": "b"]]]

    @Test func theLoopsIndexWinsInsideAndTheKeyStaysAfter() {
        let looped = transformer.transform(["{{#each items}}": "{{n}}:{{$index + 1}}"], data: data).value
        #expect(looped == ["a:1", "b:2"])
        let after = transformer.transform(["own": "{{items[0].$index}}", "keys": "{{Object.keys(items[0]).join()}}"], data: data).value
        #expect(after == ["own": 7, "keys": "$index,n"])
    }
}
