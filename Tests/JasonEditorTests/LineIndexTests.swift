import JasonJSON
import Testing
@testable import JasonEditor

/// Protocol positions count UTF-16 code units; the analysis counts scalars and bytes.
@Suite struct LineIndexTests {
    // "é" is 2 bytes and 1 unit; "𝄞" is 4 bytes, 1 scalar and 2 units.
    static let text = Array("{\"a\": \"é𝄞x\",\r\n \"b\": 1}\n".utf8)

    @Test func protocolPositionsAndByteOffsetsRoundTrip() {
        let lines = LineIndex(Self.text)
        let x = Self.text.firstIndex(of: UInt8(ascii: "x"))!
        #expect(lines.position(ofOffset: x) == LineIndex.Position(line: 0, character: 10))
        #expect(lines.offset(of: LineIndex.Position(line: 0, character: 10)) == x)
        #expect(lines.offset(of: SourceLocation(line: 1, column: 10)) == x)
        #expect(lines.offset(of: LineIndex.Position(line: 1, character: 1)) == Self.text.firstIndex(of: UInt8(ascii: "b"))! - 1)
        // Past the end of a line is its end (before \r\n); past the last line is the end of the text.
        #expect(lines.offset(of: LineIndex.Position(line: 0, character: 99)) == x + 3)
        #expect(lines.offset(of: LineIndex.Position(line: 9, character: 0)) == Self.text.count)
    }

    @Test func valuesEndWhereTheirTokenEnds() {
        let lines = LineIndex(Array(#"{"a": "x\"y", "b": [1, {"c": "]"}], "d": 12}"#.utf8))
        #expect(lines.valueEnd(from: 6) == 12)
        #expect(lines.valueEnd(from: 19) == 34)
        #expect(lines.valueEnd(from: 41) == 43)
    }

    @Test func theCursorContextOfAHalfTypedDocument() {
        let text = Array(#"{"$jason": {"head": {"actions": {"$load": {"type": "$util.alert", "options": {"ti"#.utf8)
        let context = CursorContext(text, cursor: text.count)
        #expect(context.atKey)
        #expect(context.stringPrefix == "ti")
        #expect(context.containerKey == "options")
        #expect(context.levels.dropLast().last?.strings["type"] == "$util.alert")
        #expect(context.container.description == "/$jason/head/actions/$load/options")
    }
}
