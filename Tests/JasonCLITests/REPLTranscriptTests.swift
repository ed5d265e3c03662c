import Foundation
import JasonCLI
import TestSupport
import Testing

/// The REPL driven by piped scripts: each `Fixtures/repl/NAME.txt` runs against `shop.json` (offline,
/// commands echoed) and must print exactly `NAME.expected`. JASONRUN_UPDATE_GOLDEN=1 rewrites them.
@Suite struct REPLTranscriptTests {
    static let folder = Paths.fixtures("JasonCLITests").appendingPathComponent("repl")
    static let scripts: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".txt") }.sorted()

    @Test func thereAreTranscripts() { #expect(Self.scripts.count >= 2) }

    @Test(arguments: scripts)
    func transcriptMatches(script: String) async throws {
        let input = try String(contentsOf: Self.folder.appendingPathComponent(script), encoding: .utf8)
        let flow = Self.folder.appendingPathComponent("shop.json").path
        let io = CapturedIO(input: input)
        let status = await Jasonrun.main(["repl", flow, "--offline", "--echo"], io: io)
        let transcript = (io.out + (io.err.isEmpty ? "" : "--- stderr\n" + io.err) + "exit: \(status)\n")
            .replacingOccurrences(of: Paths.packageRoot.path, with: "ROOT")
        let golden = Self.folder.appendingPathComponent(script.replacingOccurrences(of: ".txt", with: ".expected"))
        if ProcessInfo.processInfo.environment["JASONRUN_UPDATE_GOLDEN"] != nil {
            try transcript.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(transcript == (try? String(contentsOf: golden, encoding: .utf8)))
    }
}
