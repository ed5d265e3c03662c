import Foundation
import JasonRuntime
import Testing

/// LocalPath answers as Foundation's `URL(fileURLWithPath:).standardizedFileURL` does for a document.
@Suite struct LocalPathTests {
    static let paths = [
        "flow.json", "./flow.json", "a/../flow.json", "../x/flow.json", "a//b/./c.json", "/tmp/a b/flow.json",
        "/tmp/ü/é.json", "/tmp/a%20b.json", "/tmp/#q?.json", "/tmp//x.json", "/tmp/./x.json", "/../x.json",
        "/a/b/../../../x.json", "/tmp/[a]{b}|c^`\\\"<>.json", "/tmp/;,=&$+!*'()@:~.json", "/tmp/x/", "/tmp/x/..",
        "/tmp/x/.", "a/b/..", "..", ".", "/", "/flow.json", "/tmp/tab\there.json", "/tmp/日本/😀.json",
    ]

    @Test(arguments: paths) func givesFoundationsURLAndFolder(_ path: String) {
        let expected = URL(fileURLWithPath: path).standardizedFileURL
        let local = LocalPath(path)
        #expect(local.url == expected.absoluteString)
        #expect(local.path == expected.path)
        #expect(local.folder == expected.deletingLastPathComponent().path)
    }

    @Test func aRelativePathIsReadInTheFolderGiven() {
        #expect(LocalPath("b/../c.json", in: "/x/y").path == "/x/y/c.json")
        #expect(LocalPath("/abs.json", in: "/x/y").path == "/abs.json")
        #expect(LocalPath("c.json", in: "/").folder == "/")
    }
}
