import JasonJSON
import JasonScript
import JasonTemplate
import Testing

/// `#let` (T9): what its definitions reach, beyond conformance cases #73–#75.
@Suite struct LetTests {
    let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(ScriptEngine()))

    @Test func letNamesReachLoopItems() {
        let template: JSON = ["{{#let}}": [["object": "it"], ["{{#each verbs}}": "{{this}} {{object}}"]]]
        #expect(transformer.transform(template, data: ["verbs": ["buy", "use"]]).value == ["buy it", "use it"])
    }

    @Test func letNamesReachNestedLoops() {
        let template: JSON = ["{{#let}}": [["object": "it"], ["{{#each verses}}": ["{{#each this}}": "{{this}} {{object}}"]]]]
        #expect(transformer.transform(template, data: ["verses": [["buy"], ["zoom", "press"]]]).value
                == [["buy it"], ["zoom it", "press it"]])
    }

    @Test func letCanNameTheParentItem() {
        let template: JSON = ["{{#each items}}": ["{{#let}}": [
            ["$parent": "{{this}}", "$parent_index": "{{$index}}"],
            ["{{#each items}}": "{{$parent.name}} {{$parent_index.toString()}} {{this}}"],
        ]]]
        let data: JSON = ["items": [["name": "Alice", "items": ["A", "L"]], ["name": "Bob", "items": ["B"]]]]
        #expect(transformer.transform(template, data: data).value == [["Alice 0 A", "Alice 0 L"], ["Bob 1 B"]])
    }

    @Test func letNamesDoNotOutliveTheirBlock() {
        // st.js never forgets a #let name; we keep it to the block (Docs/Templates.md).
        _ = transformer.transform(["{{#let}}": [["object": "it"], "{{object}}"]], data: ["a": 1])
        #expect(transformer.transform(["{{#each verbs}}": "{{this}} {{object}}"], data: ["verbs": ["fix"]]).value
                == ["fix {{object}}"])
    }
}
