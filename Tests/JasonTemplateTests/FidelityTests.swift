import JasonJSON
import JasonScript
import JasonTemplate
import Testing

/// st.js behaviours checked against node + st.js (issue #16 item 12, issue #12 item 7).
@Suite struct FidelityTests {
    let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(ScriptEngine()))

    @Test func aChangeIsSeenByLaterExpressionsOfTheSameRender() {
        let template: JSON = ["a": "{{arr.push(2)}}", "b": "{{arr.length}}", "c": "{{arr}}"]
        #expect(transformer.transform(template, data: ["arr": [1]]).value == ["a": 2, "b": 2, "c": [1, 2]])
    }

    @Test func loopItemsAreTheDataNotCopies() {
        // node + st.js: {"a":5,"b":5,"c":[1,2],"d":9,"e":[9,2]}
        let template: JSON = ["a": "{{o.k = 5}}", "b": "{{o.k}}", "c": ["{{#each items}}": "{{this.n}}"],
                              "d": "{{items[0].n = 9}}", "e": ["{{#each items}}": "{{n}}"]]
        let data: JSON = ["o": [:], "items": [["n": 1], ["n": 2]]]
        #expect(transformer.transform(template, data: data).value == ["a": 5, "b": 5, "c": [1, 2], "d": 9, "e": [9, 2]])
    }

    @Test func aChangeInsideALoopItemIsSeenByTheNextExpressions() {
        let template: JSON = ["{{#each items}}": ["a": "{{tags.push('z')}}", "b": "{{tags.length}}", "c": "{{tags}}"]]
        let data: JSON = ["items": [["tags": ["x"]], ["tags": []]]]
        #expect(transformer.transform(template, data: data).value
                == [["a": 2, "b": 2, "c": ["x", "z"]], ["a": 1, "b": 1, "c": ["z"]]])
    }

    @Test func theNextRenderStartsFromTheDataAgain() {
        let data: JSON = ["arr": [1]]
        _ = transformer.transform(["a": "{{arr.push(2)}}"], data: data)
        #expect(transformer.transform(["b": "{{arr.length + 0}}", "c": "{{arr.length}}"], data: data).value
                == ["b": 1, "c": 1])
    }

    @Test func letNamesAreOnTheDataAtTheTopLevel() {
        // node + st.js: {"a":1,"b":1}
        let template: JSON = ["{{#let}}": [["v": 1], ["a": "{{this.v}}", "b": "{{$root.v}}"]]]
        #expect(transformer.transform(template, data: ["x": 1]).value == ["a": 1, "b": 1])
        let script: JSON = ["{{#let}}": [["v": 1], ["a": "{{this.v + 0}}", "b": "{{$root.v + 0}}", "c": "{{v + x}}"]]]
        #expect(transformer.transform(script, data: ["x": 1]).value == ["a": 1, "b": 1, "c": 2])
    }

    @Test func letNamesAreOnLoopItems() {
        let template: JSON = ["{{#let}}": [["v": 1], ["{{#each items}}": ["a": "{{this.v}}", "b": "{{this.v + n}}"]]]]
        #expect(transformer.transform(template, data: ["items": [["n": 1]]]).value == [["a": 1, "b": 2]])
    }

    @Test func anUndefinedJasonIsDeclared() {
        // node + st.js with data {$jason: undefined}: {"a":2}
        #expect(transformer.transform(["a": "{{$jason ? 1 : 2}}"], data: ["x": 1]).value == ["a": 2])
        #expect(transformer.transform(["a": "{{$jason}}"], data: ["x": 1]).value == ["a": "{{$jason}}"])
        #expect(transformer.transform(["a": "{{$jason ? 1 : 2}}"], data: ["$jason": 1]).value == ["a": 1])
    }
}
