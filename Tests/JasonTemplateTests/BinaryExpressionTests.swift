import JasonJSON
import JasonScript
import Testing
@testable import JasonTemplate

/// `A op B` over paths and literals, answered in Swift, must give exactly what JavaScriptCore gives; the
/// pairings Swift does not decide go to the engine.
@Suite struct BinaryExpressionTests {
    static let operators = ["+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "===", "!=", "!=="]
    static let values: [JSON] = [0, 1, -5, 3, 7, .double(-0.0), 0.1, 2.5, 1e300, .double(-.infinity),
                                 .int(9_007_199_254_740_993), "", "v", "é", "e\u{301}", "10", true, nil, [1], ["k": 1]]

    @Test(arguments: operators)
    func swiftAgreesWithJavaScriptCore(op: String) {
        var answered = 0
        // One engine per case: the cases run in parallel, and an engine's resident data is one render's.
        let script = ScriptEvaluator(engine: ScriptEngine())
        for a in Self.values {
            for b in Self.values {
                let scope = Scope.top(["a": a, "b": b, "$get": ["n": a]])
                for text in ["a \(op) b", "a\(op)b", "$get.n \(op) 1", "a \(op) 'v'", "2 \(op) b"] {
                    let parsed = ParsedExpression(text)
                    guard let fast = parsed.binary?.evaluate(in: scope) else { continue }
                    answered += 1
                    let reference = script.evaluate(text, in: scope)
                    #expect(fast == reference || (fast.isNaN && reference.isNaN), "\(text) with a = \(a), b = \(b)")
                }
            }
        }
        #expect(answered > 150, "numbers are answered in Swift")
    }

    @Test func onlyOneOperatorBetweenPathsOrLiterals() {
        for text in ["$get.n + 1", "$get.n<100000", "a['x-y'] === 'a+b'", "$index % 2"] {
            #expect(ParsedExpression(text).binary != nil, "\(text)")
        }
        for text in ["a + b + c", "-a", "a = 1", "a => b", "a < -1", "f(a) + 1", "a ? 1 : 2", "a && b", "!a",
                     "a + 'it\\'s'", "010 + 1", "a // b"] {
            #expect(ParsedExpression(text).binary == nil, "\(text)")
        }
    }

    @Test func aRenderUsesThemWithoutStartingTheEngine() {
        let engine = ScriptEngine()
        let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(engine))
        let out = transformer.render(["next": "{{$get.n + 1}}", "more": "{{$get.n < 3}}"], data: ["$get": ["n": 2]])
        #expect(out.value == ["next": 3, "more": true])
        #expect(!engine.isStarted)
    }
}

extension Evaluation {
    var isNaN: Bool {
        if case .value(.double(let d)) = self { return d.isNaN }
        return false
    }
}
