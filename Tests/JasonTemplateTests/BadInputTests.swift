import JasonJSON
import JasonScript
import JasonTemplate
import Testing

/// Broken or hostile templates: a located diagnostic and the literal left in place, never a crash or hang.
@Suite struct BadInputTests {
    let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(ScriptEngine(timeLimit: 0.2)))

    @Test func syntaxErrorsLeaveTheLiteralAndSayWhy() {
        let result = transformer.transform(["a": ["b": "x {{ 1 + }} y"]], data: ["k": 1])
        #expect(result.value == ["a": ["b": "x {{ 1 + }} y"]])
        let d = result.diagnostics.first
        #expect(d?.pointer.description == "/a/b")
        #expect(d?.offset == 2)
        guard case .failed(let message)? = d?.kind else { Issue.record("expected a failure"); return }
        #expect(message.contains("SyntaxError"))
    }

    @Test func infiniteLoopsAreStopped() {
        let result = transformer.transform("{{function(){ for(;;){} }}}", data: ["k": 1])
        #expect(result.value == "{{function(){ for(;;){} }}}")
        #expect(result.diagnostics.count == 1)
        // The engine is still usable afterwards.
        #expect(transformer.transform("{{k + 1}}", data: ["k": 1]).value == 2)
    }

    @Test func deeplyNestedTemplatesRender() throws {
        // As deep as a document can be (the parser stops at 512 levels).
        var template: JSON = "{{k}}"
        for i in 0..<500 { template = i.isMultiple(of: 2) ? ["n": template] : [template] }
        var expected: JSON = 1
        for i in 0..<500 { expected = i.isMultiple(of: 2) ? ["n": expected] : [expected] }
        #expect(transformer.transform(template, data: ["k": 1]).value == expected)
    }

    @Test func hugeArraysRender() {
        let items = JSON.array((0..<100_000).map { JSON.int($0) })
        let result = transformer.transform(["{{#each items}}": "{{this}}"], data: ["items": items])
        // 0 is falsy data, so its item is not evaluated and stays "{{this}}" (T2).
        #expect(result.value?.arrayValue?.count == 100_000)
        #expect(result.value?[0] == "{{this}}")
        #expect(result.value?[99_999] == 99_999)
    }

    @Test func throwingExpressionsAreReportedWithTheirMessage() {
        let result = transformer.transform(["t": "{{$jason.a.b}}"], data: ["$jason": [:]])
        #expect(result.value == ["t": "{{$jason.a.b}}"])
        #expect(result.diagnostics.first?.kind == .failed("TypeError: undefined is not an object (evaluating '$jason.a.b')"))
    }
}
