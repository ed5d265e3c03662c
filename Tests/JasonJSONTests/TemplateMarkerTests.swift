import JasonJSON
import Testing

/// Whether a value holds `{{` anywhere: in a string, an object's key, or deeper.
@Suite struct TemplateMarkerTests {
    @Test func findsDoubleBracesAnywhere() {
        #expect(JSON.string("{{a}}").containsTemplateMarker)
        #expect(JSON.string("é and {{").containsTemplateMarker)
        #expect(JSON.array([1, ["k": "x{{y"]]).containsTemplateMarker)
        #expect(JSON.object(["{{#if a}}": 1]).containsTemplateMarker)
        for text in ["", "{", "{ {", "}}{", "a{b{c", "😀{"] { #expect(!JSON.string(text).containsTemplateMarker, "\(text)") }
        #expect(!JSON.object(["k": 1, "{": [2]]).containsTemplateMarker)
    }
}
