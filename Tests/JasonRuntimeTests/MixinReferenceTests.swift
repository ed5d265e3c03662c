import JasonJSON
@testable import JasonRuntime
import Testing

/// What a mixin member names (spec §1.1), and the quick look at a document's text that spares the walk
/// over every object of documents without mixins.
@Suite struct MixinReferenceTests {
    @Test func theThreeFormsAndWhatIsNotAMixin() {
        #expect(MixinReference("https://x.org/a.json")?.url == "https://x.org/a.json")
        #expect(MixinReference("https://x.org/a.json")?.path == .root)
        let subtree = MixinReference("items[0][\"full name\"].first@file://a.json")
        #expect(subtree?.url == "file://a.json")
        #expect(subtree?.path.tokens == ["items", "0", "full name", "first"])
        let own = MixinReference(" $document.$jason.head ")
        #expect(own?.url == nil && own?.path.tokens == ["$jason", "head"])
        #expect(MixinReference("{{$get.url}}") == nil)     // a template, left as written as the reference does
        #expect(MixinReference("a..b@file://a.json") == nil)
    }

    @Test func theTextIsLookedAtBeforeTheTree() {
        #expect(MixinReference.mayAppear(in: Array(#"{"x": {"@" : "file://a.json"}}"#.utf8)))
        #expect(MixinReference.mayAppear(in: Array(#"{"+": "file://a.json"}"#.utf8)))
        #expect(!MixinReference.mayAppear(in: Array(#"{"mail": "ada@example.com", "sum": "1+1"}"#.utf8)))
        #expect(!MixinReference.mayAppear(in: Array("@".utf8)))
    }
}
