import JasonJSON
@testable import JasonScript
import Synchronization
import Testing

@Suite struct ScriptClockTests {
    /// A long run once crashed: the time closure, held in a mutex, gained two thunks per evaluation, so
    /// reading the time nested deeper each time until the stack overflowed (about 35,000 evaluations).
    /// The depth of the clock's call must not change from one evaluation to the next.
    @Test func readingTheClockDoesNotNestDeeper() {
        let engine = ScriptEngine()
        let depths = Mutex<[UInt]>([])
        engine.readTime {
            var marker = 0
            let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
            depths.withLock { $0.append(address) }
            return 1_700_000_000_000 + Double(depths.withLock { $0.count })
        }
        for n in 0..<200 {
            #expect(engine.evaluate("Date.now() > 0 && \(n) >= 0", this: [:]) == .value(true))
        }
        let seen = depths.withLock { $0 }
        #expect(seen.count >= 200)
        #expect(seen.max()! - seen.min()! < 4096)
    }

    @Test func dateReadsTheTimeGiven() {
        let engine = ScriptEngine()
        engine.readTime { 1_767_225_600_000 }
        #expect(engine.evaluate("Date.now()", this: [:]) == .value(1_767_225_600_000))
        #expect(engine.evaluate("new Date().toISOString()", this: [:]) == .value("2026-01-01T00:00:00.000Z"))
    }
}
