import JasonJSON
import Testing
@testable import JasonScript

/// How values reach the engine: as JSON text for its parser (every escape, integer and double read back
/// the same), or property by property when small, with the same result as the parser's.
@Suite struct JSONBytesTests {
    func readBack(_ value: JSON) throws -> JSON {
        let bytes = JSONBytes.nulTerminated(value)
        #expect(bytes.last == 0)
        return try JSONParser.parse(String(decoding: bytes.dropLast(), as: UTF8.self))
    }

    @Test func stringsKeepEveryCharacter() throws {
        let texts = ["", "plain", "\"quoted\" and \\ back", "tab\tnew\nline\u{01}\u{1F}", "é ü 😀 ∑", "ends with \\"]
        for text in texts { #expect(try readBack(.string(text)) == .string(text)) }
        #expect(try readBack(["k\"ey\n": "v"]) == ["k\"ey\n": "v"])
    }

    @Test func numbersKeepTheirValue() throws {
        for int in [0, 7, 10, -1, -10, 123_456_789, Int.max, Int.min] { #expect(try readBack(.int(int)) == .int(int)) }
        for double in [1.5, -2.25e-7, 1e300, 0.1, .leastNonzeroMagnitude] { #expect(try readBack(.double(double)).doubleValue == double) }
        #expect(try readBack(.double(.infinity)) == .null)
    }

    @Test func theEngineReadsWhatItIsGiven() {
        let engine = ScriptEngine()
        let value: JSON = ["items": [["n": "a\"b", "p": 2.5, "i": -42, "z": .double(-0.0)]]]
        #expect(engine.evaluate("JSON.stringify(this.items)", this: value) == .value(#"[{"n":"a\"b","p":2.5,"i":-42,"z":0}]"#))
        #expect(engine.evaluate("1 / this.items[0].z", this: value) == .value(.double(-.infinity)))
    }

    @Test func smallValuesAreWhatTheParserWouldMake() {
        let engine = ScriptEngine()
        func answer(_ value: JSON) -> ScriptResult {
            engine.evaluate("JSON.stringify(this.v) + ' ' + Object.keys(this.v).join()", root: ["v": value])
        }
        // Made property by property:
        let small: JSON = ["b": 1, "a": [true, nil, "x"], "2": ["n": .double(.infinity)]]
        #expect(answer(small) == .value(#"{"2":{"n":null},"b":1,"a":[true,null,"x"]} 2,b,a"#))
        #expect(engine.evaluate("Object.getPrototypeOf(this.v) === Object.prototype", root: ["v": small]) == .value(true))
        // A `__proto__` key is an own property, as the parser makes it; a large value goes through the parser.
        #expect(answer(["__proto__": ["p": 1], "k": 2]) == .value(#"{"__proto__":{"p":1},"k":2} __proto__,k"#))
        let large: JSON = .array((0..<40).map { ["i": .int($0)] })
        guard case .value(.string(let text)) = answer(large) else {
            Issue.record("no answer")
            return
        }
        #expect(text.hasPrefix(#"[{"i":0},{"i":1},"#))
    }
}
