import Foundation
import JasonCLI
import TestSupport
import Testing

/// --allow-read and --max-file-size from the command line.
@Suite struct FileOptionTests {
    func jasonrun(_ arguments: [String], stdin: String = "") async -> (status: Int32, out: String, err: String) {
        let io = CapturedIO(input: stdin)
        let status = await Jasonrun.main(arguments + ["--no-persist"], io: io)
        return (status, io.out, io.err)
    }

    func reader(_ url: String) -> String {
        #"""
        {"type": "$network.request", "options": {"url": "\#(url)", "data_type": "raw"},
         "success": {"type": "$util.toast", "options": {"text": "read {{$jason.length}} characters"}},
         "error": {"type": "$util.toast", "options": {"text": "{{$jason.message}}"}}}
        """#
    }

    @Test func aFlowReadsBesideItselfButNotTheRestOfTheDisk() async throws {
        let flow = try Paths.write(reader("file:///etc/passwd"))
        let refused = await jasonrun([flow.path])
        #expect(refused.status == 0)
        #expect(refused.out.hasPrefix("[toast] /etc/passwd is outside the folders this flow may read"), "\(refused.out)")
        let allowed = await jasonrun([flow.path, "--allow-read", "/etc"])
        #expect(allowed.out.hasPrefix("[toast] read "), "\(allowed.out)")
        let folder = flow.deletingLastPathComponent().path
        try "hello".write(toFile: folder + "/beside.txt", atomically: true, encoding: .utf8)
        let beside = try Paths.write(reader("file://beside.txt"))
        try FileManager.default.copyItem(atPath: beside.path, toPath: folder + "/beside.json")
        #expect(await jasonrun([folder + "/beside.json"]).out == "[toast] read 5 characters\n")
        #expect(await jasonrun([flow.path, "--allow-read", "/no/such/folder"]).status == 64)
    }

    @Test func aDocumentFromTheNetworkCannotOpenLocalFiles() async throws {
        let remote = #"{"$jason": {"head": {"actions": {"$load": {"type": "$href", "options": {"url": "file://secret.json"}, "error": {"type": "$util.toast", "options": {"text": "{{$jason.message}}"}}}}}}}"#
        let stubs = try Paths.write(#"{"network": [{"request": {"url": "https://example.com/remote.json"}, "response": {"status": 200, "body": \#(remote)}}]}"#,
                                    name: "stubs.json")
        let folder = stubs.deletingLastPathComponent().path
        try #"{"$jason": {"head": {"actions": {"$load": {"type": "$util.toast", "options": {"text": "secret"}}}}}}"#
            .write(toFile: folder + "/secret.json", atomically: true, encoding: .utf8)
        try #"{"$jason": {"head": {"actions": {"$load": {"type": "$href", "options": {"url": "https://example.com/remote.json"}}}}}}"#
            .write(toFile: folder + "/flow.json", atomically: true, encoding: .utf8)
        let r = await jasonrun([folder + "/flow.json", "--stubs", stubs.path, "--offline"])
        #expect(r.out.contains("refused: a document loaded from https://example.com/remote.json may not read local files"), "\(r.out) \(r.err)")
        #expect(!r.out.contains("[toast] secret"))
    }

    @Test func aFlowFromStandardInputHasNoFolder() async throws {
        let r = await jasonrun(["-"], stdin: reader("file://data.json"))
        #expect(r.out.hasPrefix("[toast] a flow read from stdin has no folder: relative URL data.json"), "\(r.out)")
    }

    @Test func documentsAndFilesLargerThanTheLimitAreRefusedBeforeTheyAreRead() async throws {
        let padded = String(repeating: " ", count: 3_000) + #"{"type": "$util.toast", "options": {"text": "hi"}}"#
        let big = try Paths.write(padded)
        let r = await jasonrun([big.path, "--max-file-size", "1000"])
        #expect(r.status == 65)
        #expect(r.err == "jasonrun: \(big.path): the document is larger than 1000 bytes (raise the limit with --max-file-size BYTES)\n")
        #expect(await jasonrun([big.path]).out == "[toast] hi\n")
        let folder = big.deletingLastPathComponent().path
        try String(repeating: "x", count: 2_000).write(toFile: folder + "/blob.txt", atomically: true, encoding: .utf8)
        try reader("file://blob.txt").write(toFile: folder + "/reader.json", atomically: true, encoding: .utf8)
        let capped = await jasonrun([folder + "/reader.json", "--max-file-size", "1000"])
        #expect(capped.out.hasSuffix("blob.txt is larger than 1000 bytes (raise the limit with --max-file-size BYTES)\n"), "\(capped.out)")
        #expect(await jasonrun([big.path, "--max-file-size", "0"]).status == 64)
        let piped = await jasonrun(["-", "--max-file-size", "1000"], stdin: padded)
        #expect(piped.status == 65 && piped.err.contains("the document is larger than 1000 bytes"))
    }
}
