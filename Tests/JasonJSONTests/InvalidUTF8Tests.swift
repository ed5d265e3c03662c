import JasonJSON
import Testing

/// Bytes that are not UTF-8 are read as U+FFFD; `InvalidUTF8` says which strings hold them, for a warning.
@Suite struct InvalidUTF8Tests {
    func bytes(_ parts: [Any]) -> [UInt8] {
        parts.flatMap { part -> [UInt8] in
            if let text = part as? String { return Array(text.utf8) }
            if let ints = part as? [Int] { return ints.map(UInt8.init) }
            return part as? [UInt8] ?? []
        }
    }

    @Test func namesEachStringWithBadBytes() throws {
        let text = bytes([#"{"$jason": {"head": {"data": {"name": "a"#, [0xFF], #"b", "list": ["ok", "x"#, [0xC3],
                          #""], "k"#, [0xFE, 0xFE], #"": 1}}}, "é": "fine"}"#])
        let found = InvalidUTF8.find(in: text)
        #expect(found.map(\.pointer.description) == ["/$jason/head/data/name", "/$jason/head/data/list/1",
                                                     "/$jason/head/data/k\u{FFFD}\u{FFFD}"])
        #expect(found.map(\.inMemberName) == [false, false, true])
        #expect(found.map(\.replacements) == [1, 1, 2])
        #expect(found[0].offset == text.firstIndex(of: 0xFF))
        // The pointer is the parser's: the key holds the replacement characters.
        let parsed = try JSONParser.parseDocument(SourceFile(name: "f", bytes: text))
        #expect(parsed.value["$jason"]?["head"]?["data"]?["k\u{FFFD}\u{FFFD}"] == .int(1))
        #expect(parsed.sourceMap.offset(of: found[1].pointer) != nil)
    }

    @Test func validTextHasNone() {
        #expect(InvalidUTF8.find(in: Array(#"{"a": "héllo wörld 🎉", "b": ["\u00ff"]}"#.utf8)).isEmpty)
        #expect(InvalidUTF8.find(in: []).isEmpty)
    }

    /// Each bad sequence counted is one U+FFFD in the parsed string.
    @Test(arguments: [[0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x8E], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
                      [0xF4, 0x90, 0x80, 0x80], [0x80, 0x80, 0x41, 0xE2]] as [[UInt8]])
    func countsMatchTheReplacementCharacters(bad: [UInt8]) throws {
        let text = bytes([#"["#, #""x"#, bad, #"y""#, "]"])
        let found = InvalidUTF8.find(in: text)
        let value = try JSONParser.parseDocument(SourceFile(name: "f", bytes: text)).value[0]?.stringValue ?? ""
        #expect(found.count == 1)
        #expect(found.first?.replacements == value.unicodeScalars.filter { $0 == "\u{FFFD}" }.count)
        #expect(found.first?.pointer.description == "/0")
    }

    @Test func atMostTheLimitIsNamed() {
        let text = bytes(["["] + (0..<30).flatMap { i -> [Any] in [i == 0 ? "" : ",", "\"", [UInt8(0xFF)], "\""] } + ["]"])
        #expect(InvalidUTF8.find(in: text, limit: 20).count == 20)
        #expect(InvalidUTF8.find(in: text, limit: 20).last?.pointer.description == "/19")
    }
}
