import Foundation
@testable import JasonDebugger
@testable import JasonREPL
import TestSupport
import Testing

/// The debugger keeps at most N steps of history, so `advance 1e9` on a repeating timer runs in bounded
/// memory until the step limit (Docs/REPL.md, "Time travel").
@Suite struct StepHistoryTests {
    @Test func theRingKeepsTheNewestAndCountsWhatItDropped() {
        var history = History<Int>(capacity: 3)
        for i in 0..<10 { history.append(i) }
        #expect(history.count == 3)
        #expect((0..<3).map { history[$0] } == [7, 8, 9])
        #expect(history.dropped == 7)
        history.keepThrough(0)
        #expect((0..<history.count).map { history[$0] } == [7])
        history.append(10)
        history.append(11)
        history.append(12)
        #expect((0..<history.count).map { history[$0] } == [10, 11, 12])
        history[1] = 99
        #expect(history[1] == 99)
        history.removeAll()
        #expect(history.isEmpty && history.dropped == 0)
        var unbounded = History<Int>(capacity: nil)
        for i in 0..<1000 { unbounded.append(i) }
        #expect(unbounded.count == 1000 && unbounded.dropped == 0)
    }

    /// Through the binary: a repeating timer advanced by 1e9 s ends at the step limit with its message, and
    /// the process stays small (60,000 steps: about 135 MB with an unbounded history, 65 MB keeping 1,000).
    @Test func advancingARepeatingTimerEndsAtTheStepLimitInBoundedMemory() throws {
        let flow = Paths.fixtures("JasonCLITests").appendingPathComponent("repl/ticker.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "maxrss %M", "/usr/bin/timeout", "300", try #require(BinaryTests.binary).path,
                             "repl", flow, "--offline", "--step-history", "1000", "--max-steps", "60000"]
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data("run\nadvance 1e9\nback 5000\n".utf8))
        try input.fileHandleForWriting.close()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(err)")
        #expect(out.contains("stopped after 60000 actions"), "\(out)")
        #expect(out.contains("went back 1000 actions"), "\(out)")
        #expect(out.contains("note: this is the oldest step kept: history keeps the last 1000 steps"), "\(out)")
        let kilobytes = err.split(separator: "\n").last { $0.hasPrefix("maxrss ") }.flatMap { Int($0.dropFirst(7)) }
        #expect((kilobytes ?? .max) < 100_000, "peak RSS \(kilobytes ?? -1) KB")
    }
}
