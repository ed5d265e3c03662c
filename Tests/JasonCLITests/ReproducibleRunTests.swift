import Foundation
import TestSupport
import Testing

/// `--seed` and `--clock-start`, and JavaScript's clock on the virtual clock, through the binary.
@Suite struct ReproducibleRunTests {
    let binary = BinaryTests()

    /// Every second for three seconds: the time as JavaScript sees it, a random number and a date.
    static let ticker = #"""
        {"$jason": {"head": {"actions": {
          "$load": {"type": "$timer.start", "options": {"interval": 1, "repeats": true, "action": {"trigger": "tick"}}},
          "tick": {"type": "$util.toast", "options": {"text": "{{Date.now()}} {{Math.random()}} {{new Date().toISOString()}}"}}}}}}
        """#

    /// The first number `Math.random()` draws with seed 7.
    static let firstDrawOfSeven = "0.011704753153026104"

    func run(_ arguments: [String], flow: URL? = nil) throws -> (status: Int32, out: String, err: String) {
        try binary.launch([(try flow ?? Paths.write(Self.ticker)).path, "--time-limit", "3.5"] + arguments)
    }

    @Test func twoRunsWithTheSameSeedAreByteIdenticalTraceIncluded() throws {
        let flow = try Paths.write(Self.ticker)
        var outputs: [String] = []
        for name in ["a.jsonl", "b.jsonl"] {
            let trace = flow.deletingLastPathComponent().appendingPathComponent(name).path
            let r = try run(["--seed", "7", "--trace", "json", "--trace-file", trace], flow: flow)
            outputs.append(r.out + (try String(contentsOfFile: trace, encoding: .utf8)))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].hasPrefix("[toast] 1767225601000 \(Self.firstDrawOfSeven) 2026-01-01T00:00:01.000Z\n"), "\(outputs[0].prefix(200))")
        let other = try run(["--seed", "8"]).out
        #expect(other.split(separator: "\n").first != outputs[0].split(separator: "\n").first)
    }

    @Test func javaScriptsClockIsTheVirtualClock() throws {
        let r = try run(["--clock-start", "2030-01-01T00:00:00Z"])
        let times = r.out.split(separator: "\n").compactMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
        #expect(times == [1_893_456_001_000, 1_893_456_002_000, 1_893_456_003_000], "\(r.out)")
        // Without --clock-start or --seed, the clock starts now.
        let now = Int(Date().timeIntervalSince1970 * 1000)
        let first = try run([]).out.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        #expect(abs(first - 1000 - now) < 60_000)
        #expect(try binary.launch([try Paths.write(Self.ticker).path, "--clock-start", "yesterday"]).status == 64)
    }

    @Test func theREPLTakesTheSeedTheClockAndTheRunsLimits() throws {
        let flow = try Paths.write(Self.ticker).path
        let r = try binary.launch(["repl", flow, "--seed", "7", "--js-time", "5", "--js-memory", "256", "--wall-limit", "1m",
                                   "--max-views", "5", "--time-limit", "100"],
                                  stdin: "print Math.random()\nprint Date.now()\nadvance 90\nprint Date.now()\n", persist: true)
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first == Self.firstDrawOfSeven, "\(r.out)")
        #expect(lines.contains("1767225600000") && lines.contains("1767225690000"), "\(r.out)")
    }

    @Test func aTestCaseMayNameItsSeed() throws {
        let flow = try Paths.write(#"{"type": "$util.toast", "options": {"text": "{{Math.random()}}"}}"#)
        let cases = #"""
            {"flow": "flow.json", "cases": [
              {"name": "seeded", "seed": 7, "expect": {"printed": ["[toast] \#(Self.firstDrawOfSeven)"]}},
              {"name": "from the command line", "expect": {"printed": ["[toast] 0.15629516984336078"]}}]}
            """#
        let tests = flow.deletingLastPathComponent().appendingPathComponent("flow.test.json")
        try cases.write(to: tests, atomically: true, encoding: .utf8)
        let r = try binary.launch(["test", tests.path, "--seed", "8"], persist: true)
        #expect(r.status == 0, "\(r.out) \(r.err)")
        #expect(r.out.contains("2 passed, 0 failed"), "\(r.out)")
    }
}
