import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import Testing

/// `file://` reads are confined to the first document's folder (and `--allow-read` folders), refused to
/// documents from the web, and capped in size.
@Suite struct FileAccessTests {
    /// home/flow.json, home/data.json, home/sub/inner.json, home/link.json → ../secret.json, secret.json.
    func layout() throws -> (home: String, outside: String) {
        let root = try temporaryFolder()
        let home = root + "/home"
        try FileManager.default.createDirectory(atPath: home + "/sub", withIntermediateDirectories: true)
        try #"{"a": 1}"#.write(toFile: home + "/data.json", atomically: true, encoding: .utf8)
        try #"{"inner": true}"#.write(toFile: home + "/sub/inner.json", atomically: true, encoding: .utf8)
        try #"{"secret": 42}"#.write(toFile: root + "/secret.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: home + "/link.json", withDestinationPath: root + "/secret.json")
        return (home, root)
    }

    func fetch(_ url: String, home: String, access: FileAccess, viewURL: String? = nil) async throws -> String {
        let r = try await run(#"""
            {"type": "$network.request", "options": {"url": "\#(url)"},
             "success": {"type": "$util.toast", "options": {"text": "ok {{JSON.stringify($jason)}}"}},
             "error": {"type": "$util.toast", "options": {"text": "error {{$jason.message}}"}}}
            """#, viewURL: viewURL ?? "file://\(home)/flow.json",
                              transport: FileTransport(next: OfflineTransport(), access: access))
        return r.printed.first.map { String($0.dropFirst("[toast] ".count)) } ?? ""
    }

    @Test func filesBesideTheDocumentAndBelowAreRead() async throws {
        let (home, _) = try layout()
        let access = FileAccess(folders: [home])
        #expect(try await fetch("file://data.json", home: home, access: access) == #"ok {"a":1}"#)
        #expect(try await fetch("file://sub/inner.json", home: home, access: access) == #"ok {"inner":true}"#)
        #expect(try await fetch("file://\(home)/data.json", home: home, access: access) == #"ok {"a":1}"#)
    }

    @Test func filesOutsideTheFolderAreRefusedHoweverTheyAreNamed() async throws {
        let (home, outside) = try layout()
        let access = FileAccess(folders: [home])
        for url in ["file:///etc/passwd", "file://\(outside)/secret.json", "file://../secret.json",
                    "file://sub/../../secret.json", "file://link.json"] {
            let printed = try await fetch(url, home: home, access: access)
            #expect(printed.hasPrefix("error ") && printed.contains("is outside the folders this flow may read"), "\(url): \(printed)")
            #expect(!printed.contains("\"secret\""))
        }
        // --allow-read widens it.
        let wider = FileAccess(folders: [home, outside])
        #expect(try await fetch("file://../secret.json", home: home, access: wider) == #"ok {"secret":42}"#)
    }

    @Test func aDocumentFromTheWebReadsNoLocalFile() async throws {
        let (home, _) = try layout()
        let printed = try await fetch("file://\(home)/data.json", home: home, access: .anywhere,
                                      viewURL: "https://example.com/app.json")
        #expect(printed == "error file://\(home)/data.json refused: a document loaded from https://example.com/app.json may not read local files")
    }

    @Test func requireIsConfinedToo() async throws {
        let (home, _) = try layout()
        let r = try await run(#"""
            {"type": "$require", "options": {"mine": "file://data.json", "theirs": "file:///etc/passwd"},
             "success": {"type": "$util.toast", "options": {"text": "{{JSON.stringify($jason)}}"}}}
            """#, viewURL: "file://\(home)/flow.json",
                              transport: FileTransport(next: OfflineTransport(), access: FileAccess(folders: [home])))
        #expect(r.printed == [#"[toast] {"mine":{"a":1},"theirs":""}"#])
    }

    @Test func filesLargerThanTheLimitAreRefusedBeforeTheyAreRead() async throws {
        let (home, _) = try layout()
        try String(repeating: " ", count: 5_000).appending("{}").write(toFile: home + "/big.json", atomically: true, encoding: .utf8)
        let printed = try await fetch("file://big.json", home: home, access: FileAccess(folders: [home], maximumSize: 1_000))
        #expect(printed.hasPrefix("error ") && printed.hasSuffix("big.json is larger than 1000 bytes (raise the limit with --max-file-size BYTES)"),
                "\(printed)")
        // Files that do not know their size are cut off while they are read.
        if FileManager.default.fileExists(atPath: "/proc/self/status") {
            guard case .failure(let refusal) = FileAccess.readCapped("/proc/self/status", maximumSize: 10) else {
                Issue.record("a /proc file passed a 10-byte limit")
                return
            }
            #expect(refusal.description.contains("larger than 10 bytes"))
        }
    }
}
