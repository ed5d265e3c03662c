import JasonRuntime
import Testing

/// The did-you-mean used by `help`, the structural warnings and (soon) unknown types and trigger names.
@Suite struct SuggestionTests {
    @Test func theClosestNameWithinReach() {
        let names = ["$load", "$show", "$util.alert", "$util.toast", "actions"]
        #expect(Suggestion.closest(to: "$lod", among: names) == "$load")
        #expect(Suggestion.closest(to: "$utill.alert", among: names) == "$util.alert")
        #expect(Suggestion.closest(to: "$UTIL.TOSAT", among: names) == "$util.toast")
        #expect(Suggestion.closest(to: "action", among: names) == "actions")
        #expect(Suggestion.closest(to: "$network.request", among: names) == nil)
        #expect(Suggestion.closest(to: "", among: names) == nil)
        #expect(Suggestion.closest(to: "x", among: ["y", "xyz"]) == "y")
    }
}
