import Foundation
import TestSupport
import Testing

/// The Swift examples (Examples/CustomAction, Examples/Integration) are built with the package; each
/// runs on its app.json and prints exactly its expected.txt.
@Suite struct SwiftExampleTests {
    @Test(arguments: ["CustomAction", "Integration"])
    func exampleRunsAndMatchesItsExpectedOutput(name: String) throws {
        struct NotBuilt: Error {}
        guard let binary = BinaryTests.binary?.deletingLastPathComponent().appendingPathComponent(name),
              FileManager.default.isExecutableFile(atPath: binary.path) else { throw NotBuilt() }
        let folder = Paths.examples.appendingPathComponent(name)
        let process = Process()
        process.executableURL = binary
        process.arguments = [folder.appendingPathComponent("app.json").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(out == (try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)))
    }
}
