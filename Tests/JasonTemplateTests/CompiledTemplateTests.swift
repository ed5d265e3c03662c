import JasonJSON
import JasonScript
import JasonTemplate
import Testing

/// `Transformer.compile` + `render(_ compiled:)` give exactly what `render(template, data:)` gives.
@Suite(.serialized) struct CompiledTemplateTests {
    static let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(ScriptEngine()))

    @Test(arguments: ConformanceTests.cases.filter { $0.fn == "TRANSFORM.transform" && $0.args.count == 2 })
    func compiledRendersAsTheTemplateDoes(_ c: ConformanceTests.Case) {
        let t = Self.transformer
        let compiled = t.compile(c.args[0], at: JSONPointer("/head/templates/body"))
        let direct = t.transform(c.args[0], data: c.args[1])
        let viaCompiled = t.transform(compiled, data: c.args[1])
        #expect(viaCompiled.value == direct.value)
        #expect(viaCompiled.diagnostics == direct.diagnostics)
    }

    @Test func knowsWhetherItHoldsExpressions() {
        let t = Self.transformer
        #expect(!t.compile(["a": [1, 0, "x"]], at: .root).hasExpressions)
        #expect(t.transform(t.compile(["a": [1, 0, "x"]], at: .root), data: [:]).value == ["a": [1, "x"]])
        #expect(t.compile(["a": "{{b}}"], at: .root).hasExpressions)
        #expect(t.compile([["{{#if a}}": 1]], at: .root).hasExpressions)
        #expect(t.compile(["{{#include}}": ["a": 1]], at: .root).hasExpressions)
    }

    @Test func diagnosticsAreRelativeAndThePointerIsKept() {
        let t = Self.transformer
        let compiled = t.compile(["x": ["y": "{{missing.z}}"]], at: JSONPointer("/options"))
        #expect(compiled.pointer == JSONPointer("/options"))
        let rendered = t.transform(compiled, data: ["a": 1])
        #expect(rendered.diagnostics.map(\.pointer) == [JSONPointer("/x/y")])
    }

    @Test func aChosenBranchRendersFromItsCompiledNode() throws {
        let t = Self.transformer
        let elements: [JSON] = [["{{#if n > 1}}": ["type": "big", "v": "{{n}}"]],
                                ["{{#else}}": ["type": "small", "v": "{{nope.x}}"]]]
        let conditional = try #require(Conditional(elements, at: JSONPointer("/actions/$load")))
        for n in [1, 5] {
            let data: JSON = ["n": .int(n)]
            guard case .branch(let i) = conditional.choose(t.evaluator, in: Scope.top(data)) else {
                Issue.record("no branch")
                continue
            }
            let direct = t.transform(conditional.branches[i].value, data: data)
            let compiled = t.transform(branch: i, of: conditional, data: data)
            #expect(compiled.value == direct.value)
            #expect(compiled.diagnostics == direct.diagnostics)
        }
    }
}
