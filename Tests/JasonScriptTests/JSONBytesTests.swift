import JasonJSON
import Testing
@testable import JasonScript

/// The JSON text a value is handed to the engine's parser as: every escape, every integer, every double
/// read back the same.
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
}
