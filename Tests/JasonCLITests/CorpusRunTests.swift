import Foundation
import JasonCLI
import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// Every real document in the shared corpus loads, and running its `$load` ends (no crash, no hang,
/// no internal error). Most stop on an action type this build does not have yet; that is exit 1.
@Suite struct CorpusRunTests {
    static let documents = Paths.shared("corpus/documents") + Paths.shared("corpus/derived")

    @Test(arguments: documents)
    func documentLoadsAndRunsToAnEnd(file: URL) async throws {
        let bytes = try [UInt8](Data(contentsOf: file))
        let root = try JSONParser.parse(String(decoding: bytes, as: UTF8.self))
        let isDocument = root["$jason"] != nil || root["type"] != nil || root["trigger"] != nil
        if isDocument {
            // Static loading never rejects a real document (malformed handlers are warnings).
            _ = try Document.load(SourceFile(name: file.lastPathComponent, bytes: bytes))
        }
        let io = CapturedIO()
        let status = await Jasonrun.main([file.path, "--max-steps", "10000", "--no-persist"], io: io)
        #expect(isDocument ? [0, 1].contains(status) : status == 65, "\(io.err)")
        #expect(!io.err.contains("internal"))
    }
}
