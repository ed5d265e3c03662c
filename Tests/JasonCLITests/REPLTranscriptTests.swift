import Foundation
import JasonCLI
import TestSupport
import Testing

/// The REPL driven by piped scripts: each `Fixtures/repl/NAME.txt` runs against `shop.json` (offline,
/// commands echoed), or with the arguments of a first line `# args: …` ({root} is the package, there and in
/// the commands), and must
/// print exactly `NAME.expected`. JASONRUN_UPDATE_GOLDEN=1 rewrites them.
@Suite struct REPLTranscriptTests {
    static let folder = Paths.fixtures("JasonCLITests").appendingPathComponent("repl")
    static let scripts: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".txt") }.sorted()

    @Test func thereAreTranscripts() { #expect(Self.scripts.count >= 2) }

    @Test(arguments: scripts)
    func transcriptMatches(script: String) async throws {
        var input = try String(contentsOf: Self.folder.appendingPathComponent(script), encoding: .utf8)
        var arguments = ["repl", Self.folder.appendingPathComponent("shop.json").path, "--offline", "--echo"]
        if input.hasPrefix("# args: "), let end = input.firstIndex(of: "\n") {
            arguments = input[input.index(input.startIndex, offsetBy: 8)..<end].split(separator: " ")
                .map { $0.replacingOccurrences(of: "{root}", with: Paths.packageRoot.path) }
            input = String(input[input.index(after: end)...])
        }
        input = input.replacingOccurrences(of: "{root}", with: Paths.packageRoot.path)
        let io = CapturedIO(input: input)
        let status = await Jasonrun.main(arguments, io: io)
        let transcript = (io.out + (io.err.isEmpty ? "" : "--- stderr\n" + io.err) + "exit: \(status)\n")
            .replacingOccurrences(of: Paths.packageRoot.path, with: "ROOT")
        let golden = Self.folder.appendingPathComponent(script.replacingOccurrences(of: ".txt", with: ".expected"))
        if ProcessInfo.processInfo.environment["JASONRUN_UPDATE_GOLDEN"] != nil {
            try transcript.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(transcript == (try? String(contentsOf: golden, encoding: .utf8)))
    }
}
