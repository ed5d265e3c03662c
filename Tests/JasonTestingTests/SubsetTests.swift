import JasonJSON
@testable import JasonTesting
import Testing

@Suite struct SubsetTests {
    @Test func objectsMayHaveMoreMembers() {
        #expect(Subset.difference(["a": 1], in: ["a": 1, "b": 2]) == nil)
        #expect(Subset.difference(["a": 1.0], in: ["a": 1]) == nil)
        #expect(Subset.difference(["a": ["b": 2]], in: ["a": ["b": 3]]) == "/a/b")
        #expect(Subset.difference(["c": 1], in: ["a": 1]) == "/c")
    }

    @Test func arraysKeepTheirLength() {
        #expect(Subset.difference([["x": 1], [:]], in: [["x": 1, "y": 2], ["z": 3]]) == nil)
        #expect(Subset.difference([1], in: [1, 2]) == "")
    }
}
