import Foundation
import JasonJSON
import TestSupport
import Testing

/// Locations are found on demand from the source bytes; they must equal what recording every node gave.
@Suite struct SourceMapTests {
    static func expectSameOffsets(_ text: String, name: String = "t.json", sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let parsed = try JSONParser.parseDocument(SourceFile(name: name, text: text))
        let recorded = RecordedOffsets(text).offsets
        let pointers = parsed.value.allPointers()
        #expect(!pointers.isEmpty)
        for pointer in pointers {
            #expect(parsed.sourceMap.offset(of: pointer) == recorded[pointer], "\(name) \(pointer)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: CorpusTests.documents)
    func everyNodeOfTheCorpusIsFoundWhereItWasRecorded(file: URL) throws {
        try Self.expectSameOffsets(String(decoding: try Data(contentsOf: file), as: UTF8.self), name: file.lastPathComponent)
    }

    @Test(arguments: [
        #"{"a": {"b": [1, 2, {"c": null}], "d": "x"}, "e": []}"#,
        "  \n\t[ [ ], { }, [[[\"deep\"]]], -1.5e3, true, false, null ]  ",
        #"{"a\"b": 1, "\u00e9t\u00e9": 2, "é😀": [3, "x\\y\"z"], "n\nl": {"\/": 4}}"#,
        #"{"a/b": {"x~": {"~1": {"/~/": 5}}}, "": {"": 6}}"#,
        "\u{FEFF}{\"bom\": [1]}",
        #"{"a": 1, "b": {"c": 2}, "a": {"z": [7, 8]}}"#,
    ])
    func nodesAreFoundWhereTheyWereRecorded(text: String) throws {
        try Self.expectSameOffsets(text)
    }

    /// Containers large enough to be indexed, small ones scanned past, and strings holding brackets.
    @Test func largeAndSmallContainersAreSkippedAlike() throws {
        let small = #"{"s": "]}[{\"", "t": [1, {"u": "}"}]}"#
        let large = "[" + (0..<60).map { #"{"k\#($0)": "\#(String(repeating: "é", count: $0))", "n": [\#($0)]}"# }
            .joined(separator: ", ") + "]"
        let text = #"{"first": \#(large), "mid": \#(small), "rows": [\#(large), \#(small), \#(large)], "last": {"x": 1}}"#
        try Self.expectSameOffsets(text)
        try Self.expectSameOffsets(String(repeating: "[", count: 40) + large + String(repeating: "]", count: 40))
    }

    @Test func pointersTheDocumentDoesNotHave() throws {
        let text = #"{"a": [10, {"b": "x"}], "c~d": 1}"#
        let map = try JSONParser.parseDocument(SourceFile(name: "f.json", text: text)).sourceMap
        #expect(map.offset(of: JSONPointer("/a/1/b")) == 17)
        #expect(map.offset(of: JSONPointer("/a/01")) == nil)
        #expect(map.offset(of: JSONPointer("/a/-1")) == nil)
        #expect(map.offset(of: JSONPointer("/a/2")) == nil)
        #expect(map.offset(of: JSONPointer("/a/1/b/c")) == nil)
        #expect(map.offset(of: JSONPointer("/c~d")) == nil)
        #expect(map.offset(of: JSONPointer("a")) == nil)
        #expect(map.offset(of: JSONPointer("/c~0d")) == 31)
        // The nearest ancestor the document has.
        #expect(map.location(of: JSONPointer("/a/01/x")) == SourceLocation(line: 1, column: 7))
        #expect(map.location(of: JSONPointer("/a/1/b/c")) == SourceLocation(line: 1, column: 18))
        #expect(map.location(of: JSONPointer("/zz")) == SourceLocation(line: 1, column: 1))
    }

    /// Member names match as the parsed object's keys do: by value, escapes decoded, canonically equivalent.
    @Test func memberNamesMatchByValue() throws {
        let text = #"{"\u0041": 1, "e\u0301": 2, "\u212B": 3}"#
        let map = try JSONParser.parseDocument(SourceFile(name: "f.json", text: text)).sourceMap
        #expect(map.offset(of: JSONPointer("/A")) == 11)
        #expect(map.offset(of: JSONPointer("/é")) == 25)
        #expect(map.offset(of: JSONPointer("/Å")) == 38)
    }

    @Test func columnsCountCharactersOnLongLines() throws {
        let prefix = String(repeating: "é", count: 1000) + String(repeating: "a", count: 37)
        let text = "{\"k\": \"\(prefix)\",\n \"v\": [\"\(prefix)\", 1]}"
        let map = try JSONParser.parseDocument(SourceFile(name: "f.json", text: text)).sourceMap
        #expect(map.location(of: JSONPointer("/v/1")) == SourceLocation(line: 2, column: 1049))
        #expect(map.file.lineText(2).hasPrefix(" \"v\""))
    }
}
