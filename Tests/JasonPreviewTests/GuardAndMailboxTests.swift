import Testing
@testable import JasonPreview

/// The trust boundary's rules, and what waits for a page that does not read.
@Suite struct GuardAndMailboxTests {
    @Test func onlyThePreviewsOwnNamesAndOriginWithTheTokenGetIn() {
        let guarding = PreviewGuard(token: "abc")
        #expect(!guarding.allowsHost("127.0.0.1:80"), "nothing is allowed before the port is known")
        guarding.port = 4242
        for host in ["127.0.0.1:4242", "localhost:4242", "LOCALHOST:4242", "127.0.0.1"] {
            #expect(guarding.allowsHost(host), "\(host)")
        }
        for host in ["evil.example:4242", "evil.example", "127.0.0.1:4243", "127.0.0.1.evil.example:4242", ""] {
            #expect(!guarding.allowsHost(host), "\(host)")
        }
        #expect(!guarding.allowsHost(nil))
        #expect(guarding.allowsSocket(origins: ["http://127.0.0.1:4242"], token: "abc"))
        #expect(guarding.allowsSocket(origins: ["http://localhost:4242"], token: "abc"))
        #expect(!guarding.allowsSocket(origins: ["http://127.0.0.1:4242"], token: "abd"))
        #expect(!guarding.allowsSocket(origins: ["http://127.0.0.1:4242"], token: nil))
        #expect(!guarding.allowsSocket(origins: ["http://evil.example"], token: "abc"))
        #expect(!guarding.allowsSocket(origins: [], token: "abc"))
        #expect(!guarding.allowsSocket(origins: ["http://127.0.0.1:4242", "http://evil.example"], token: "abc"))
        #expect(guarding.url == "http://127.0.0.1:4242/?token=abc")
    }

    @Test func tokensAreLongAndDifferEachRun() {
        let a = PreviewGuard.newToken(), b = PreviewGuard.newToken()
        #expect(a.count == 32 && b.count == 32 && a != b)
    }

    @Test func aNewerViewOrStateReplacesTheOneWaiting() async {
        let box = Mailbox()
        for n in 0..<500 {
            box.post("state \(n)", kind: .state)
            box.post("view \(n)", kind: .view)
        }
        box.post("overlay 1", kind: .keep)
        #expect(box.count == 3)
        #expect(await box.next() == "state 499")
        #expect(await box.next() == "view 499")
        #expect(await box.next() == "overlay 1")
    }

    @Test func linesAreBoundedAndOverlaysAreNeverDropped() async {
        let box = Mailbox()
        box.post("overlay 1", kind: .keep)
        for n in 0..<(Mailbox.keptLines + 50) { box.post("line \(n)", kind: .line) }
        #expect(box.count == Mailbox.keptLines + 1)
        #expect(await box.next() == "overlay 1")
        #expect(await box.next() == "line 50")
    }

    @Test func aClosedBoxEndsTheWaitAndDropsLaterPosts() async {
        let box = Mailbox()
        async let waiting = box.next()
        box.close()
        #expect(await waiting == nil)
        box.post("late", kind: .keep)
        #expect(await box.next() == nil)
    }

    @Test func aSocketWithAnotherTokenIsRefused() async throws {
        try await PreviewFixture.run { client, link in
            await #expect(throws: (any Error).self) {
                try await client.page(token: "not-the-token") { _, _, _ in }
            }
            #expect(link.clientCount == 0)
        }
    }
}
