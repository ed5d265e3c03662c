import Foundation
import TestSupport
import Testing

/// Document text the phone's parser refused: bytes that are not UTF-8 (accepted here, with a located
/// warning) and numbers past the largest double (refused here too, never Infinity).
@Suite struct DocumentTextTests {
    let binary = BinaryTests()

    func write(_ bytes: [UInt8]) throws -> String {
        let file = try Paths.write("")
        try Data(bytes).write(to: file)
        return file.path
    }

    @Test func invalidUTF8IsALocatedWarning() throws {
        let text = Array(#"{"$jason": {"head": {"actions": {"$load":"#.utf8) + [0x0A]
            + Array(#"  {"type": "$util.toast", "options": {"text": "caf"#.utf8) + [0xE9]
            + Array(#" ok"}}}}}}"#.utf8)
        let file = try write(text)
        let r = try binary.launch([file])
        #expect(r.status == 0)
        #expect(r.out == "[toast] caf\u{FFFD} ok\n")
        #expect(r.err.contains("\(file):2:51: warning: string is not valid UTF-8: 1 sequence of bad bytes read as U+FFFD (\u{FFFD}) [invalid-utf8]"),
                "\(r.err)")
        #expect(r.err.contains("/$jason/head/actions/$load/options/text"), "\(r.err)")
    }

    @Test func aNumberPastTheLargestDoubleIsASyntaxError() throws {
        let file = try write(Array(#"{"type": "$set", "options": {"n": 1e999}}"#.utf8))
        let r = try binary.launch([file])
        #expect(r.status == 65)
        #expect(r.err.contains("\(file):1:35: error: expected a number of at most ±1.8e308 (the largest double), found 1e999 [json-syntax]"),
                "\(r.err)")
    }
}
