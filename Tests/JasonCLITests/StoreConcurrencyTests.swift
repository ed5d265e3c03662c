import Foundation
import JasonJSON
import TestSupport
import Testing

/// The stores under real, concurrent and killed `jasonrun` processes sharing one state directory.
@Suite(.serialized) struct StoreConcurrencyTests {
    func start(_ arguments: [String]) throws -> (Process, Pipe) { try BinaryTests.start(arguments) }

    func global(_ folder: String) throws -> JSON {
        try JSONParser.parse(String(contentsOfFile: folder + "/global.json", encoding: .utf8))
    }

    func temporaryFiles(_ folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
    }

    @Test func fourProcessesIncrementingOneCounterLoseNothing() throws {
        let folder = try Paths.write("", name: "x").deletingLastPathComponent().path
        let flow = try Paths.write(#"""
            {"$jason": {"head": {"actions": {
              "$load": {"type": "$set", "options": {"i": 0}, "success": {"trigger": "loop"}},
              "loop": [{"{{#if $get.i < 25}}": {"type": "$global.set", "options": {"n": "{{($global.n || 0) + 1}}"},
                        "success": {"type": "$set", "options": {"i": "{{$get.i + 1}}"}, "success": {"trigger": "loop"}}}}]
            }}}}
            """#, name: "counter.json")
        let processes = try (0..<4).map { _ in try start([flow.path, "--state-dir", folder]) }
        for (process, _) in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.0.terminationStatus == 0 })
        #expect(try global(folder)["n"] == 100)
    }

    /// Writers are killed with SIGKILL wherever they are, 208 times, eight at a time on one directory: once the
    /// first has written a random few times, all eight are killed, the others at whatever point they reached
    /// (starting, rendering, waiting for the lock, writing). After every round the store file parses and
    /// holds a whole value (its two fields agree, and the counter never goes back), and the run after the
    /// last round leaves no temporary file.
    @Test func killedWritersNeverDamageTheStoreOrLeaveTemporaryFiles() throws {
        let folder = try Paths.write("", name: "x").deletingLastPathComponent().path
        let blob = String(repeating: "x", count: 4_000)
        let flow = try Paths.write(#"""
            {"$jason": {"head": {"actions": {
              "$load": {"trigger": "loop"},
              "loop": {"type": "$global.set",
                       "options": {"n": "{{($global.n || 0) + 1}}", "twice": "{{(($global.n || 0) + 1) * 2}}", "blob": "\#(blob)"},
                       "success": {"type": "$util.toast", "options": {"text": "wrote {{$global.n}}"},
                                   "success": {"trigger": "loop"}}}
            }}}}
            """#, name: "writer.json")
        var generator = SystemRandomNumberGenerator()
        var last = 0
        var kills = 0
        var leftoversSeen = 0
        for _ in 0..<26 {
            let writers = try (0..<8).map { _ in try start([flow.path, "--state-dir", folder, "--max-steps", "0"]) }
            let wanted = Int.random(in: 1...3, using: &generator)
            var lines = 0
            while lines < wanted {
                let data = writers[0].1.fileHandleForReading.availableData
                if data.isEmpty { break }
                lines += data.filter { $0 == 0x0A }.count
            }
            for (process, _) in writers { kill(process.processIdentifier, SIGKILL) }
            for (process, _) in writers { process.waitUntilExit() }
            kills += writers.count
            let stored = try global(folder)
            guard case .int(let n)? = stored["n"] else {
                Issue.record("global.json holds no counter: \(stored.description.prefix(80))")
                return
            }
            #expect(stored["twice"] == .int(2 * n) && stored["blob"]?.stringValue?.count == blob.count)
            #expect(n >= last, "the counter went back from \(last) to \(n)")
            last = n
            leftoversSeen += try temporaryFiles(folder).count
        }
        #expect(kills >= 200)
        let (final, _) = try start([flow.path, "--state-dir", folder, "--max-steps", "3"])
        final.waitUntilExit()
        #expect(try temporaryFiles(folder).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("damaged") }.isEmpty)
        print("store crash test: \(kills) kills, \(leftoversSeen) temporary files left by kills mid-write, all removed by the next run")
    }
}
