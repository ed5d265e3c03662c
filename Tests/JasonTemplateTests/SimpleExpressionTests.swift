import JasonJSON
import JasonScript
import Testing
@testable import JasonTemplate

/// Expressions Swift answers (operators, conditions, a few built-in calls over paths and literals) must
/// give exactly what JavaScriptCore gives; whatever Swift does not decide goes to the engine.
@Suite struct SimpleExpressionTests {
    static let values: [JSON] = [0, 1, -5, 3, 7, .double(-0.0), 0.1, 2.5, -2.5, 0.125, 1.005, -0.5, 123.456, 1e300,
                                 1e21, 1e-7, .double(0.49999999999999994), .double(-.infinity),
                                 .int(9_007_199_254_740_993), "", "v", " Pad\t", "ABc", "é", "e\u{301}", "😀x", "Straße", "ÿ Ñ İ", "\u{A0}σ Σ", "10",
                                 true, false, nil, [1], ["k": 1]]

    static let forms: [String] = [
        "a + b", "a - b", "a * b", "a / b", "a % b", "a < b", "a <= b", "a > b", "a >= b",
        "a == b", "a === b", "a != b", "a !== b", "a+b", "$get.n + 1", "2 * b", "a < 'v'",
        "a + b + 'x'", "'x' + a + b", "a + ' ' + b", "-a", "!a", "!!a", "- -a", "a && b", "a || b", "a ? b : 'no'",
        "a ? 1 : 2", "(a + 1) * 2", "a * 2 + b / 4 - 1", "a.length", "(a + '').length", "a.toUpperCase()",
        "a.toLowerCase()", "a.trim()", "a.toString()", "a.toFixed(2)", "a.toFixed()", "a.toFixed(0)",
        "a.toFixed(5)", "a.toFixed(b)", "Math.min(a, b)", "Math.max(a, b)", "Math.max(a, b, 3)", "Math.min()",
        "Math.floor(a)", "Math.ceil(a)", "Math.round(a)", "Math.abs(a)", "Math.trunc(a)", "Math.sqrt(a)",
        "Math.floor(a / 2).toString()", "(a * 1.2).toFixed(2)", "a.toUpperCase() + ' ' + (b * 1.2).toFixed(2)",
        "a == null", "a != null ? a : 'none'", "a[0]", "a['k']", "a.k", "a < b && b < 10", "a === b || a == b",
        "a ? b ? 1 : 2 : 3", "1.5 + a", "0.1 + 0.2 + a", "a.slice(1)", "a.slice(-2)", "a.slice(b)",
        "a.slice(1, b)", "a.substring(b, 1)", "a.substring(b)", "a.charAt(b)", "a.charAt(1)", "a.indexOf(b)",
        "a.indexOf('v', b)", "a.includes(b)", "a.startsWith(b)", "a.endsWith(b)", "a.startsWith('a', b)",
        "a.endsWith('c', b)", "a.slice(0, 1) + a.slice(1)",
    ]

    @Test(arguments: forms)
    func swiftAgreesWithJavaScriptCore(form: String) {
        // One engine per case: the cases run in parallel, and an engine's resident data is one render's.
        let script = ScriptEvaluator(engine: ScriptEngine())
        for a in Self.values {
            for b in Self.values {
                let scope = Scope.top(["a": a, "b": b, "$get": ["n": a]])
                guard let fast = SimpleExpression(form)?.evaluate(in: scope, methods: true) else { continue }
                let reference = script.evaluate(form, in: scope)
                #expect(fast == reference || (fast.isNaN && reference.isNaN), "\(form) with a = \(a), b = \(b): \(fast) against \(reference)")
            }
        }
    }

    @Test func aPrimitiveThisIsAsTheEngineSeesIt() {
        let body: JSON = ["{{#each items}}": ["a": "{{this === 1}}", "b": "{{this == 1}}", "c": "{{!this}}",
                                               "d": "{{this ? 'y' : 'n'}}", "e": "{{$index + 1}}", "f": "{{this + '!'}}"]]
        let data: JSON = ["items": [1, "x", true, 2.5]]
        let engineOnly = Transformer(evaluator: ScriptEvaluator(engine: ScriptEngine())).transform(body, data: data)
        let mixed = Transformer(evaluator: PathEvaluator.withScriptEngine()).transform(body, data: data)
        #expect(mixed.value == engineOnly.value)
        #expect(mixed.value?[0]?["a"] == false)
    }

    @Test func mostFormsAreAnsweredInSwiftForNumbersAndStrings() {
        let numbers = Scope.top(["a": 2.5, "b": 4, "$get": ["n": 1]])
        let strings = Scope.top(["a": "Abc d", "b": 1, "$get": ["n": 1]])
        let left = Self.forms.filter { form in
            [numbers, strings].allSatisfy { SimpleExpression(form)?.evaluate(in: $0, methods: true) == nil }
        }
        // Left: an index or a member of a number or string, and a search for a number (converted first).
        #expect(left.count <= 7, "\(left)")
    }

    @Test func toFixedRoundsAsJavaScriptDoes() {
        let engine = ScriptEngine()
        var numbers: [Double] = [0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1.005, 10.235, 8.345, 1.45, 1e20 + 0.5, 1234.5678,
                                 0.000001, .leastNonzeroMagnitude, 999.995, 0.045, -0.0, 99.5, 0.05]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            numbers.append(Double(Int.random(in: -100_000...100_000, using: &random)) / 8)
            numbers.append(Double.random(in: -1000...1000, using: &random))
        }
        for x in numbers {
            for digits in [0, 1, 2, 3, 5, 10, 20] {
                let text = "(\(JSNumber.format(x))).toFixed(\(digits))"
                let ours = BuiltinMethods.toFixed(x, digits)
                let theirs = engine.evaluate(text, this: [:])
                #expect(theirs == .value(.string(ours)), "\(text)")
            }
        }
    }

    @Test func caseMappingAgreesLetterByLetterBelowU0180() {
        let engine = ScriptEngine()
        let letters = (0..<0x180).compactMap(Unicode.Scalar.init).map { String($0) }
        let list = JSON.array(letters.map { .string($0) })
        for method in ["toUpperCase", "toLowerCase"] {
            let theirs = engine.evaluate("this.map(function (c) { return c.\(method)(); })", this: list)
            let ours = letters.map { BuiltinMethods.call(method, on: .string($0), [])?.evaluation }
            #expect(theirs == .value(.array(ours.map { if case .value(let v)? = $0 { v } else { .null } })), "\(method)")
        }
        let padded = "\u{A0} x \u{A0}"
        #expect(BuiltinMethods.call("trim", on: .string(padded), []) == nil, "a space past ASCII is the engine's")
    }

    @Test func onlyTheSimpleLanguageIsParsed() {
        for text in ["$get.n + 1", "$get.n<100000", "a['x-y'] === 'a+b'", "$index % 2", "a + b + c", "-a", "a < -1",
                     "a ? 1 : 2", "a && b", "!a", "name.toUpperCase() + ' ' + (price * 1.2).toFixed(2)",
                     "Math.min($get.n + 1, 100)"] {
            #expect(SimpleExpression(text) != nil, "\(text)")
        }
        for text in ["a = 1", "a => b", "f(a) + 1", "a + 'it\\'s'", "010 + 1", "a // b", "a++", "a--b", "a ++b",
                     "a << 1", "a.b(", "typeof a", "'x' in a", "new Date()", "a[b]", "1e3", "0x10", "a ** 2",
                     "Math.PI", "Math.pow(a, 2)", "a.split(',')", "return a", "a; b", "/x/.test(a)", "a ?? b", "a?.b", "`t`", "parseInt(a)", "x.y.z()()"] {
            #expect(SimpleExpression(text) == nil, "\(text)")
        }
        #expect(SimpleExpression(Array(repeating: "a", count: 100).joined(separator: " + ")) != nil)
        #expect(SimpleExpression(Array(repeating: "a", count: 10_000).joined(separator: " + ")) == nil, "the engine's")
    }

    @Test func aRenderUsesThemWithoutStartingTheEngine() {
        let engine = ScriptEngine()
        let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(engine))
        let out = transformer.transform(["next": "{{$get.n + 1}}", "more": "{{$get.n < 3 ? 'yes' : 'no'}}",
                                      "label": "{{name.toUpperCase() + ' ' + (price * 1.2).toFixed(2)}}",
                                      "capped": "{{Math.min($get.n * 10, 15)}}"],
                                     data: ["$get": ["n": 2], "name": "tea", "price": 2.5])
        #expect(out.value == ["next": 3, "more": "yes", "label": "TEA 3.00", "capped": 15])
        #expect(!engine.isStarted)
    }

    @Test func aReplacedBuiltinIsTheEnginesToCall() {
        let engine = ScriptEngine()
        _ = engine.include("String.prototype.toUpperCase = function () { return 'replaced'; };")
        let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(engine))
        let out = transformer.transform(["label": "{{name.toUpperCase()}}", "sum": "{{n + 1}}"],
                                     data: ["name": "tea", "n": 1])
        #expect(out.value == ["label": "replaced", "sum": 2])
    }

    @Test func aNameInTheDataShadowsMath() {
        let engine = ScriptEngine()
        let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(engine))
        let out = transformer.transform(["v": "{{Math.min(1, 2)}}"],
                                     data: ["Math": ["min": "not a function"]])
        #expect(out.value?["v"] != 1)
    }
}

extension Evaluation {
    var isNaN: Bool {
        if case .value(.double(let d)) = self { return d.isNaN }
        return false
    }
}
