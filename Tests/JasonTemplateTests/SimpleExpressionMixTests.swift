import JasonJSON
import JasonScript
import TestSupport
import Testing
@testable import JasonTemplate

/// Random compositions of the simple language (a fixed seed, so the same 3,000 every run), each answered
/// in Swift and by JavaScriptCore over several data sets: where Swift answers, the answers agree.
@Suite struct SimpleExpressionMixTests {
    static let atoms = ["a", "b", "c.k", "c.list.length", "s", "0", "1", "2.5", "10", "'x'", "''", "' 7 '", "true",
                        "false", "null", "$index", "this.s"]
    static let binary = ["+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "===", "!=", "!==", "&&", "||"]
    static let wrappers = ["!(#)", "-(#)", "(#).toFixed(2)", "(#).toString()", "Math.floor(#)", "Math.round(#)",
                           "Math.max(#, 1)", "Math.min(#, -0)", "(#).toUpperCase()", "(#).trim()", "(#).length",
                           "(#) ? 'y' : 'n'", "Math.abs(#)", "Math.sqrt(#)", "s.slice(#)", "s.indexOf(#)",
                           "(#).charAt(1)", "s.substring(1, #)", "(#).includes(s)", "s.endsWith(#)"]

    static func expression(_ depth: Int, _ random: inout SplitMix) -> String {
        if depth == 0 || Int.random(in: 0..<4, using: &random) == 0 { return atoms.randomElement(using: &random)! }
        if Bool.random(using: &random) {
            let wrapper = wrappers.randomElement(using: &random)!
            return wrapper.replacingOccurrences(of: "#", with: expression(depth - 1, &random))
        }
        let op = binary.randomElement(using: &random)!
        return "(" + expression(depth - 1, &random) + " " + op + " " + expression(depth - 1, &random) + ")"
    }

    static let dataSets: [JSONObject] = [
        ["a": 3, "b": 0.5, "s": "Ab c", "c": ["k": -2, "list": [1, 2]]],
        ["a": "4", "b": "", "s": " z ", "c": ["k": "k", "list": []]],
        ["a": true, "b": nil, "s": "", "c": ["k": 1e21, "list": [0]]],
        ["a": -0.0, "b": 2.675, "s": "9", "c": ["k": false, "list": [1, 2, 3]]],
    ]

    @Test(arguments: 0..<4)
    func randomExpressionsAgree(seed: Int) {
        var random = SplitMix(seed: UInt64(seed) &* 7919)
        let script = ScriptEvaluator(engine: ScriptEngine())
        var answered = 0
        for _ in 0..<750 {
            let text = Self.expression(3, &random)
            guard let parsed = SimpleExpression(text) else {
                Issue.record("not parsed: \(text)")
                continue
            }
            for data in Self.dataSets {
                let scope = Scope.top(.object(data))
                guard let fast = parsed.evaluate(in: scope, methods: true) else { continue }
                answered += 1
                let reference = script.evaluate(text, in: scope)
                #expect(fast == reference || (fast.isNaN && reference.isNaN), "\(text) over \(data): \(fast) against \(reference)")
            }
        }
        #expect(answered > 800, "Swift answers most of them")
    }
}
