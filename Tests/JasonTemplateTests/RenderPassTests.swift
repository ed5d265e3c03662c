import JasonJSON
import Testing
@testable import JasonTemplate

/// The interpreter renders its conditions in a pass it keeps from one action to the next
/// (`Scope.top(_:reusing:)`): each render must start as a new pass would, and a pass that a scope of an
/// earlier render still holds must never be handed out again.
@Suite struct RenderPassTests {
    @Test func aKeptPassStartsEachRenderAfresh() {
        var kept = TransformPass()
        let original = ObjectIdentifier(kept)
        do {
            let scope = Scope.top(["n": 1], reusing: &kept)
            scope.pass.scriptOwnsData = true
            scope.pass.evaluatorTookPart = true
            scope.pass.syncedGeneration = 7
            scope.slot.value = ScopeSlot()
        }
        let next = Scope.top(["n": 2], reusing: &kept)
        #expect(ObjectIdentifier(kept) == original)
        #expect(!next.pass.scriptOwnsData)
        #expect(!next.pass.evaluatorTookPart)
        #expect(next.pass.syncedGeneration == nil)
        #expect(next.slot.value == nil)
        #expect(next.this == ["n": 2])
    }

    @Test func aPassStillHeldIsNotHandedOutAgain() {
        var kept = TransformPass()
        let held = Scope.top(["n": 1], reusing: &kept)
        held.pass.scriptOwnsData = true
        let next = Scope.top(["n": 2], reusing: &kept)
        #expect(next.pass !== held.pass)
        #expect(held.pass.scriptOwnsData)
        #expect(!next.pass.scriptOwnsData)
    }
}
