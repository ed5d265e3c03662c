import Foundation
import JasonJSON
import TestSupport
import Testing

/// A thousand writers killed with SIGKILL wherever they happen to be: every time, the store parses and
/// holds the value before the write or the one after it (never less, never damaged), and the next run
/// leaves no temporary file behind.
@Suite struct StoreCrashSafetyTests {
    static let blob = String(repeating: "x", count: 4_000)
    static let flow = #"""
        {"$jason": {"head": {"actions": {
          "$load": {"trigger": "loop"},
          "loop": {"type": "$global.set", "options": {"n": "{{($global.n || 0) + 1}}", "blob": "\#(blob)"},
                   "success": {"type": "$util.toast", "options": {"text": "wrote {{$global.n}}"},
                     "success": {"trigger": "loop"}}}
        }}}}
        """#

    /// Runs `kills` writers one after another on one state folder, killing each after a random number
    /// of writes (0 to 2 lines of output: sometimes before its first write, mostly in the middle of one).
    func lane(kills: Int, seed: UInt64) throws -> [String] {
        var problems: [String] = []
        let flow = try Paths.write(Self.flow, name: "writer.json")
        let folder = flow.deletingLastPathComponent().appendingPathComponent("state").path
        var random = seed
        var last = 0
        for round in 0..<kills {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let wanted = Int((random >> 33) % 3)
            let (process, output) = try BinaryTests.start([flow.path, "--state-dir", folder, "--max-steps", "0"])
            var lines = 0
            while lines < wanted {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                lines += data.filter { $0 == 0x0A }.count
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard let text = try? String(contentsOfFile: folder + "/global.json", encoding: .utf8) else { continue }
            guard let stored = try? JSONParser.parse(text), case .int(let n)? = stored["n"],
                  stored["blob"]?.stringValue == Self.blob else {
                problems.append("round \(round): damaged store \(text.prefix(80))")
                continue
            }
            if n < last { problems.append("round \(round): n went back from \(last) to \(n)") }
            last = n
        }
        // The next run sweeps what killed writers left.
        let (final, _) = try BinaryTests.start([flow.path, "--state-dir", folder, "--max-steps", "3"])
        final.waitUntilExit()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        for name in names where name.contains(".tmp-") || name.contains("damaged") {
            problems.append("left behind: \(name)")
        }
        if last == 0 { problems.append("no write ever finished") }
        return problems
    }

    @Test func aThousandKilledWritersNeverDamageTheStore() async throws {
        async let first = lane(kills: 500, seed: 1)
        async let second = lane(kills: 500, seed: 2)
        let problems = try await first + second
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }
}
