import JasonJSON
import JasonTemplate
import Testing

/// The plain-path subset of the ST transform the interpreter relies on now (spec T1–T8).
@Suite struct TransformerTests {
    let transformer = Transformer()

    func render(_ template: JSON, _ data: JSON) -> JSON? { transformer.transform(template, data: data).value }

    @Test func s2FalsyValuesKeepTheirTypeWholeAndVanishInText() {
        let data: JSON = ["$jason": ["x": 0]]
        #expect(render("n={{$jason.x}}", data) == "n=")
        #expect(render("{{$jason.x}}", data) == 0)
        #expect(render(["a", 0, "", false, nil], data) == ["a"])
    }

    @Test func s3UndefinedIsLeftAsWrittenAndReported() {
        let result = transformer.transform(["t": "{{$jason.missing}}", "u": "a {{nope}} b"], data: ["$jason": [:]])
        #expect(result.value == ["t": "{{$jason.missing}}", "u": "a {{nope}} b"])
        #expect(result.diagnostics.map(\.pointer.description) == ["/t", "/u"])
        #expect(result.diagnostics.map(\.offset) == [0, 2])
        #expect(result.diagnostics[0].kind == .undefined)
        #expect(result.diagnostics[1].kind == .failed("ReferenceError: Can't find variable: nope"))
    }

    @Test func interpolationUsesJavaScriptStringConversion() {
        let data: JSON = ["o": ["a": 1], "l": [1, nil, "x"], "d": 2.0, "s": "$&!"]
        #expect(render("{{o}}|{{l}}|{{d}}", data) == "[object Object]|1,,x|2")
        #expect(render("x{{s}}", data) == "x{{s}}!") // String.replace expands $& (st.js quirk)
        #expect(render("{{o}}", data) == ["a": 1])
    }

    @Test func templateKeysAndExistentialKeys() {
        let data: JSON = ["k": "K", "v": "V", "yes": "Y", "no": ""]
        #expect(render(["{{k}}": "{{v}}"], data) == ["K": "V"])
        #expect(render(["a": "{{#? yes}}", "b": "{{#? no}}", "c": "{{#? missing}}"], data) == ["a": "Y"])
    }

    @Test func s22OneBranchConditionalBecomesItsValue() {
        #expect(render(["items": [["{{#if on}}": ["type": "label"]]]], ["on": true]) == ["items": ["type": "label"]])
        #expect(render([["{{#if on}}": "A"], ["{{#else}}": "B"]], ["on": false]) == "B")
        #expect(render([["{{#if on}}": "A"]], ["on": false]) == .null)
        #expect(render([["{{#if gone}}": "A"], ["{{#else}}": "B"]], ["on": false])
                == [["{{#if gone}}": "A"], ["{{#else}}": "B"]])
    }

    @Test func eachLoopsWithThisAndIndex() {
        let data: JSON = ["items": [["name": "a"], ["name": "b"]], "title": "T"]
        #expect(render(["{{#each items}}": ["t": "{{name}}", "i": "{{$index}}", "r": "{{$root.title}}"]], data)
                == [["t": "a", "i": 0, "r": "T"], ["t": "b", "i": 1, "r": "T"]])
        #expect(render(["list": ["{{#each title}}": "{{this}}"]], data) == ["list": ["{{#each title}}": "{{this}}"]])
    }

    @Test func pathsThatNeedJavaScriptAreReportedNotGuessed() {
        let result = transformer.transform("{{items.map(function(i){return i})}}", data: ["items": [1]])
        #expect(result.value == "{{items.map(function(i){return i})}}")
        guard case .failed(let message)? = result.diagnostics.first?.kind else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.contains("script engine"))
    }
}
