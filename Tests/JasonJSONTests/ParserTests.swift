import Foundation
import JasonJSON
import Testing

@Suite struct ParserTests {
    @Test func keepsKeyOrderAndNumberKinds() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": 1.0, "m": -2.5e3, "big": 12345678901234567890}"#)
        #expect(value.objectValue?.keys.elements == ["z", "a", "m", "big"])
        #expect(value["z"] == .int(1))
        #expect(value["a"] == .double(1))
        #expect(value["m"] == .double(-2500))
        #expect(value["big"] == .double(12_345_678_901_234_567_168))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#"["a\"b\\c\/d\n\t", "\u00e9\ud83d\ude00", "\ud800x"]"#)
        #expect(value == ["a\"b\\c/d\n\t", "é😀", "\u{FFFD}x"])
    }

    @Test func duplicateKeysKeepTheFirstPositionAndTheLastValue() throws {
        let value = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value.objectValue?.keys.elements == ["a", "b"])
        #expect(value["a"] == .int(3))
    }

    @Test func recordsWhereEveryNodeStarts() throws {
        let text = "{\n  \"$jason\": {\n    \"head\": {\"a/b\": [10, {\"x~\": true}]}\n  }\n}"
        let parsed = try JSONParser.parseDocument(SourceFile(name: "f.json", text: text))
        let map = parsed.sourceMap
        #expect(map.location(of: JSONPointer("/$jason")) == SourceLocation(line: 2, column: 13))
        #expect(map.location(of: JSONPointer("/$jason/head/a~1b/1/x~0")) == SourceLocation(line: 3, column: 33))
        // A node made at run time is placed at its nearest known ancestor.
        #expect(map.location(of: JSONPointer("/$jason/head/a~1b/1/new")) == SourceLocation(line: 3, column: 26))
        #expect(parsed.value.value(at: JSONPointer("/$jason/head/a~1b/0")) == .int(10))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("{\"é\": ]") }
        do {
            _ = try JSONParser.parse("{\"é😀\": ]")
        } catch {
            #expect(error.location == SourceLocation(line: 1, column: 8))
            #expect(error.message == "expected a JSON value, found ']'")
        }
    }

    @Test(arguments: [
        ("", 1, 1, "expected a JSON value, found end of file"),
        ("{\"a\": 1,}", 1, 9, "expected a member name in double quotes (a trailing comma is not allowed), found '}'"),
        ("[1,]", 1, 4, "expected a value (a trailing comma is not allowed), found ']'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after member name \"a\", found '1'"),
        ("// hi\n{}", 1, 1, "expected a JSON value, found a comment (JSON has no comments)"),
        ("{\"a\": tru}", 1, 7, "expected a JSON value, found 't'"),
        ("\"abc", 1, 1, "expected '\"' to close the string that starts here, found '\"'"),
        ("[01]", 1, 3, "expected ',' or ']' after an array element, found '1'"),
        ("{} x", 1, 4, "expected end of input after the top-level value, found 'x'"),
        ("[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
        ("[\"\\x\"]", 1, 3, "expected a valid escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found '\\'"),
    ])
    func syntaxErrorsSayWhatWasExpectedWhere(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("parsed")
        } catch {
            #expect(error.location == SourceLocation(line: line, column: column))
            #expect(error.message == message)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
    }
}
