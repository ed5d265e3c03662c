import Foundation
import JasonCLI
import TestSupport
import Testing

/// Every flow in Examples/ runs and prints exactly its expected output (golden files beside it).
/// Set JASONRUN_UPDATE_GOLDEN=1 to rewrite the expected files from the current output. An example's
/// `args` file holds extra options; `{dir}` in it stands for the example's folder.
@Suite struct ExampleTests {
    static let flows: [URL] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.examples.path)) ?? []
        return names.sorted().map { Paths.examples.appendingPathComponent($0).appendingPathComponent("flow.json") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }()

    @Test func thereAreExamples() { #expect(!Self.flows.isEmpty) }

    @Test(arguments: flows)
    func exampleMatchesItsGoldenOutput(flow: URL) async throws {
        let dir = flow.deletingLastPathComponent()
        let argsFile = dir.appendingPathComponent("args")
        let extra = (try? String(contentsOf: argsFile, encoding: .utf8))?.split(separator: " ").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }.filter { !$0.isEmpty }.map { $0.replacingOccurrences(of: "{dir}", with: dir.path) } ?? []
        // Run from the example's folder with a relative path, so the output is the same on every machine.
        let io = CapturedIO()
        let stateDir = try Paths.write("", name: "unused").deletingLastPathComponent().path
        let status = await Jasonrun.main([flow.path, "--state-dir", stateDir] + extra, io: io)
        let err = io.err.replacingOccurrences(of: dir.path + "/", with: "").replacingOccurrences(of: stateDir, with: "STATE")
        let actual = "exit: \(status)\n--- stdout\n\(io.out)--- stderr\n\(err)"
        let golden = dir.appendingPathComponent("expected.txt")
        if ProcessInfo.processInfo.environment["JASONRUN_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(actual == expected)
    }
}
