import JasonActions
import JasonJSON
import JasonRuntime
import Testing

/// Numbers from users never reach a conversion that traps: options are range-checked where they are
/// written, and typed answers are checked before they are used.
@Suite struct NumberRangeTests {
    @Test func timerIntervalsOutsideTheirRangeAreRefusedAndZeroRunsAsOnThePhone() async throws {
        for interval in ["-1", "1e300", "\"nan\""] {
            let r = try await run(#"{"type": "$timer.start", "options": {"interval": \#(interval), "action": {"type": "$util.toast"}}}"#)
            #expect(r.diagnostics.map(\.id) == [.invalidOptions], "interval \(interval)")
            #expect(r.diagnostics.first?.message.hasPrefix("option 'interval' must be a number from 0 to 1000000000") == true)
        }
        // NSTimer ran an interval of 0 after 0.1 ms: the action runs, once.
        let zero = try await run(#"{"type": "$timer.start", "options": {"interval": 0, "action": {"type": "$util.toast", "options": {"text": "t"}}}}"#)
        #expect(zero.printed == ["[toast] t"])
    }

    @Test func typedNumbersOutOfRangeAreNotAnswers() async throws {
        let picker = #"""
            {"type": "$util.picker", "options": {"items": [{"text": "a", "action": {"type": "$util.toast", "options": {"text": "A"}}}]}}
            """#
        // Not an item: asked again (issue 12, item 16); the end of input then chooses nothing.
        let smallest = try await run(picker, typed: ["-9223372036854775808"])
        #expect(smallest.printed.suffix(2) == ["  1. a", "stderr:   not one of the items: -9223372036854775808"])
        let date = try await run(#"""
            {"type": "$util.datepicker", "success": {"type": "$util.toast", "options": {"text": "{{$jason.value}}"}}}
            """#, typed: ["1e300", "86400"])
        #expect(date.printed == ["[datepicker] ", "stderr:   not a date: 1e300", "[toast] 86400"])
    }

    @Test func theRangeIsShownAndChecked() {
        let range = NumberRange(0.001...86_400)
        #expect(range.contains(60) && !range.contains(.nan) && !range.contains(.infinity) && !range.contains(0))
        #expect(range.phrase == "0.001–86400")
        #expect(NumberRange.number("12.5") == 12.5 && NumberRange.number(true) == nil)
    }
}
