import JasonTemplate
import Testing

/// The lint's byte-by-byte `leavesTemplateOpen` says what the text-by-characters reading says: the last
/// `{{` has no `}}` after it on its line.
@Suite struct OpenTemplateTests {
    static func byCharacters(_ text: String) -> Bool {
        guard let open = text.lastPair(UInt8(ascii: "{")) else { return false }
        let rest = text[open.upperBound...]
        return rest.firstPair(UInt8(ascii: "}"), before: rest.firstIndex(where: \.isNewline)) == nil
    }

    @Test(arguments: [
        "", "plain", "{", "{{", "{{}}", "{{a}}", "{{a", "a {{b}} c {{d", "{{{", "{{{a}}}", "}}{{", "{{a}", "{{a} }",
        "{{a\n}}", "{{a\r\n}}", "{{a\u{0B}}}", "{{a\u{0C}b}}", "{{a\u{85}}}", "{{a\u{2028}}}", "{{a\u{2029}}}",
        "{{a\u{2027}}}", "{{é\u{301}}}", "{{a}}\n{{b", "{{a\n{{b}}", "{{ {{ }}", "x{{y}}}", "{{\u{1F600}", "{{a\u{C2}}}",
    ])
    func agreesWithTheReadingByCharacters(_ text: String) {
        #expect(text.leavesTemplateOpen == Self.byCharacters(text), "\(text.debugDescription)")
    }
}
