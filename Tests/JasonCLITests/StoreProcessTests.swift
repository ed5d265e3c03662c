import Foundation
import JasonJSON
import TestSupport
import Testing

/// The file stores under real processes: concurrent writers lose nothing, and a process killed in the
/// middle of writing never leaves a damaged store.
@Suite struct StoreProcessTests {
    func writerFlow(_ who: String, count: Int) -> String {
        #"""
        {"$jason": {"head": {"data": {"who": "\#(who)"}, "actions": {
          "$load": {"type": "$set", "options": {"i": 0}, "success": {"trigger": "loop"}},
          "loop": [{"{{#if $get.i < \#(count)}}": {"type": "$global.set", "options": {"{{who}}{{$get.i}}": true},
                    "success": {"type": "$set", "options": {"i": "{{$get.i + 1}}"}, "success": {"trigger": "loop"}}}}]
        }}}}
        """#
    }

    func start(_ arguments: [String]) throws -> (Process, Pipe) { try BinaryTests.start(arguments) }

    @Test func twoProcessesWritingAtOnceLoseNoUpdate() throws {
        let folder = try Paths.write("", name: "x").deletingLastPathComponent().path
        let a = try Paths.write(writerFlow("a", count: 60), name: "a.json")
        let b = try Paths.write(writerFlow("b", count: 60), name: "b.json")
        let first = try start([a.path, "--state-dir", folder])
        let second = try start([b.path, "--state-dir", folder])
        first.0.waitUntilExit()
        second.0.waitUntilExit()
        #expect(first.0.terminationStatus == 0 && second.0.terminationStatus == 0)
        let stored = try JSONParser.parse(String(contentsOfFile: folder + "/global.json", encoding: .utf8))
        #expect(stored.objectValue?.count == 120)
    }

    @Test func killingAWriterNeverLeavesADamagedStore() throws {
        let folder = try Paths.write("", name: "x").deletingLastPathComponent().path
        let blob = String(repeating: "x", count: 4_000)
        let flow = try Paths.write(#"""
            {"$jason": {"head": {"actions": {
              "$load": {"type": "$set", "options": {"i": 0}, "success": {"trigger": "loop"}},
              "loop": {"type": "$global.set", "options": {"n": "{{$get.i}}", "blob": "\#(blob)"},
                       "success": {"type": "$util.toast", "options": {"text": "wrote {{$get.i}}"},
                         "success": {"type": "$set", "options": {"i": "{{$get.i + 1}}"}, "success": {"trigger": "loop"}}}}
            }}}}
            """#)
        for round in 0..<8 {
            let (process, output) = try start([flow.path, "--state-dir", folder, "--max-steps", "0"])
            // Let it write a few times (round + 1 lines), then kill it wherever it is.
            var lines = 0
            while lines <= round {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                lines += data.filter { $0 == 0x0A }.count
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let text = try String(contentsOfFile: folder + "/global.json", encoding: .utf8)
            let stored = try JSONParser.parse(text)
            #expect(stored["blob"]?.stringValue?.count == 4_000, "round \(round)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("damaged") }
        #expect(leftovers.isEmpty)
    }
}
