import JasonDebugger
import JasonREPL
import Testing

/// A debug adapter's hit conditions, as the breakpoints count them.
@Suite struct HitConditionTests {
    @Test(arguments: [
        ("3", [false, false, true, true]), ("== 3", [false, false, true, false]), (">=2", [false, true, true, true]),
        ("> 2", [false, false, true, true]), ("< 3", [true, true, false, false]), ("<= 1", [true, false, false, false]),
        ("% 2", [false, true, false, true]), ("=2", [false, true, false, false]),
    ])
    func holdsOnTheHitsItNames(text: String, expected: [Bool]) throws {
        let condition = try #require(HitCondition(text))
        #expect((1...4).map(condition.holds) == expected)
    }

    @Test(arguments: ["", "x", "% 0", "-1", ">= x", "3 times"])
    func otherTextIsNoHitCondition(text: String) {
        #expect(HitCondition(text) == nil)
    }
}
