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

    /// Sibling objects with the same member names share the names' storage; each keeps its own spelling.
    @Test func objectsWithTheSameNamesKeepTheirOwnSpelling() throws {
        let value = try JSONParser.parse(#"[{"é": 1, "b": 2}, {"e\u0301": 3, "b": 4}, {"é": 5, "b": 6}, {"b": 7, "é": 8}]"#)
        let names = value.arrayValue?.map { $0.objectValue?.keys.map { Array($0.utf8) } ?? [] }
        #expect(names == [[[0xC3, 0xA9], [0x62]], [[0x65, 0xCC, 0x81], [0x62]], [[0xC3, 0xA9], [0x62]], [[0x62], [0xC3, 0xA9]]])
        #expect(value[3]?["é"] == .int(8))
    }

    /// A name spelt byte for byte as the sibling's is taken from it; one written otherwise (escapes, a
    /// longer name, a raw control character) is read on its own.
    @Test func namesAreTakenFromTheSiblingOnlyWhenWrittenTheSame() throws {
        let value = try JSONParser.parse(#"[{"name": 1, "a\"b": 2}, {"n\u0061me": 3, "a\"b": 4}, {"name": 5, "names": 6}, {"name": 7, "b": 8, "name": 9}]"#)
        #expect(value.arrayValue?.map { $0.objectValue?.keys.elements ?? [] } == [["name", "a\"b"], ["name", "a\"b"], ["name", "names"], ["name", "b"]])
        #expect(value[1]?["a\"b"] == .int(4))
        #expect(value[3]?["name"] == .int(9))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("[{\"a\\tb\": 1}, {\"a\tb\": 2}]") }
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
        // Foundation's JSONSerialization refuses numbers past the largest double; they are not Infinity.
        ("[1e999]", 1, 2, "expected a number of at most ±1.8e308 (the largest double), found 1e999"),
        ("{\"a\": -1e400}", 1, 7, "expected a number of at most ±1.8e308 (the largest double), found -1e400"),
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

    /// The parser does not recurse; the limit is the reference's (see JSONParser.maximumDepth).
    @Test func nestingDeeperThanTheLimitIsALocatedError() {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
            let deep = String(repeating: open, count: 100_000) + "1" + String(repeating: close, count: 100_000)
            do {
                _ = try JSONParser.parse(deep)
                Issue.record("parsed")
            } catch {
                #expect(error.message == "nesting deeper than 512 levels, found '\(open.prefix(1))'")
                #expect(error.location == SourceLocation(line: 1, column: 512 * open.count + 1))
            }
        }
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(deepest) }
    }

    /// Integers that fit stay Int; every other number is the double the standard library's parser gives.
    @Test func numbersConvertLikeTheStandardLibrary() throws {
        var texts = ["0", "-0", "-0.0", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                     "-9223372036854775809", "1e-400", "4.9e-324", "2.2250738585072014e-308",
                     "9007199254740993", "9007199254740993.0", "0.1", "123.456e-7", "1E+2", "0e0", "1.5E-0",
                     "1.7976931348623157e308", "0.30000000000000004", "12345678901234567890123", "1e22", "1e23"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: UInt64) -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % n
        }
        for _ in 0..<3000 {
            var text = next(2) == 0 ? "-" : ""
            text += next(8) == 0 ? "0" : (0...next(3)).map { _ in String(next(1 << 30) + 1) }.joined()
            if next(2) == 0 { text += "." + String(repeating: "0", count: Int(next(6))) + String(next(1 << 30)) }
            if next(3) == 0 { text += "e" + (next(2) == 0 ? "-" : "") + String(next(30)) }
            texts.append(text)
        }
        for text in texts {
            let value = try JSONParser.parse(text)
            if !text.contains(where: { ".eE".contains($0) }), let integer = Int(text) {
                #expect(value == .int(integer), "\(text)")
            } else if case .double(let d) = value {
                #expect(d.bitPattern == (Double(text) ?? .nan).bitPattern, "\(text)")
            } else {
                Issue.record("\(text) gave \(value)")
            }
        }
    }
}
