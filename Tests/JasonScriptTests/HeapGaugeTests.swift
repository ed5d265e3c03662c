import Testing
@testable import JasonScript

/// JavaScriptCore's heap statistics walk the whole heap; the gauge must not ask for them while the
/// process is under the limit, or a render of many items slows down with the size of its heap. (Going
/// over the limit is tested end to end in ScriptLimitTests.)
@Suite struct HeapGaugeTests {
    @Test func underTheLimitTheHeapIsNotWalked() {
        let engine = ScriptEngine()
        _ = engine.evaluate("1", this: ["a": 1])
        var gauge = HeapGauge()
        engine.withContext { context in
            for _ in 0..<1000 {
                let over = gauge.isOver(1 << 40, context: context.context)
                #expect(!over)
            }
        }
        #expect(gauge.walks == 0)
    }

    @Test func residentMemoryIsReadFromTheSystem() {
        #expect((HeapGauge.residentBytes() ?? 0) > 1 << 20)
    }

    @Test(arguments: [("1234 567 89 1 0 300 0\n", 567), ("5 9", 9), ("5 ", nil), ("5", nil), ("", nil),
                      ("5 x", nil), ("5 99999999999999999999 1", nil)] as [(String, Int?)])
    func theResidentFieldIsTheSecond(text: String, pages: Int?) {
        let read = Array(text.utf8).withUnsafeBufferPointer { HeapGauge.residentPages($0) }
        #expect(read == pages)
    }
}
