import Foundation
import JasonCLI
import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// Every real document in the shared corpus loads and runs its `$load` offline, with a generic stub file
/// answering every request and device, to an end: no crash, no hang, no internal error. Chains that end
/// on an error (an extension type such as `$segment.track` with no error branch, say) exit 1 with a
/// located diagnostic; the test prints how many ended on which kind.
@Suite struct CorpusRunTests {
    static let documents = Paths.shared("corpus/documents") + Paths.shared("corpus/derived")
    static let stubs = Paths.fixtures("JasonCLITests").appendingPathComponent("corpus-stubs.json").path

    @Test func everyDocumentRunsOfflineToAnEnd() async throws {
        var exits: [Int32: Int] = [:]
        var kinds: [String: Int] = [:]
        for file in Self.documents {
            let bytes = try [UInt8](Data(contentsOf: file))
            let root = try JSONParser.parse(String(decoding: bytes, as: UTF8.self))
            // A document may be a mixin of another at its root, with its own keys over it.
            let isDocument = root["$jason"] != nil || root["type"] != nil || root["trigger"] != nil || root["@"] != nil
            if isDocument {
                // Static loading never rejects a real document (malformed handlers are warnings).
                #expect(throws: Never.self, "\(file.lastPathComponent)") {
                    _ = try Document.load(SourceFile(name: file.lastPathComponent, bytes: bytes))
                }
            }
            let io = CapturedIO()
            let status = await Jasonrun.main([file.path, "--offline", "--stubs", Self.stubs, "--no-persist",
                                              "--max-steps", "10000"], io: io)
            #expect(isDocument ? [0, 1, 80].contains(status) : status == 65, "\(file.lastPathComponent): \(io.err)")
            #expect(!io.err.contains("internal"), "\(file.lastPathComponent)")
            exits[status, default: 0] += 1
            for line in io.err.split(separator: "\n") where line.contains(": error: ") {
                if let open = line.lastIndex(of: "["), line.hasSuffix("]") {
                    kinds[String(line[line.index(after: open)..<line.index(before: line.endIndex)]), default: 0] += 1
                }
            }
        }
        let report = "corpus: \(Self.documents.count) documents; exit codes "
            + exits.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            + "; chains ended on " + kinds.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(report)
        #expect(Self.documents.count == 111)
    }
}
