import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import HummingbirdWSTesting
import WSClient
import JasonActions
import JasonDebugger
import JasonJSON
import JasonRuntime
import Testing
@testable import JasonPreview

/// A document served by a preview whose program runs while the test talks to it over a WebSocket.
struct PreviewFixture {
    static let document = #"""
    {"$jason": {"head": {"title": "Fixture",
      "actions": {
        "$load": {"type": "$set", "options": {"loaded": 1}},
        "hello": {"type": "$util.toast", "options": {"text": "Hi {{$get.name}}"}},
        "ask": {"type": "$util.alert", "options": {"title": "Who?", "form": [{"name": "who"}]},
                "success": {"type": "$set", "options": {"who": "{{$jason.who}}"}}},
        "count": {"type": "$set", "options": {"n": 1},
                  "success": {"type": "$set", "options": {"n": 2}, "success": {"type": "$set", "options": {"n": 3}}}}
      }},
      "body": {"header": {"title": "Home"},
        "sections": [{"items": [
          {"type": "label", "text": "hello"},
          {"type": "button", "text": "Greet", "action": {"trigger": "hello"}},
          {"type": "button", "text": "Ask", "action": {"trigger": "ask"}},
          {"type": "button", "text": "Count", "action": {"trigger": "count"}},
          {"type": "textfield", "name": "name"}
        ]}]}}}
    """#

    /// Runs `body` against a live server over the fixture; the program stops when it returns.
    /// `url` is where the document is opened (relative hrefs resolve against it), `folder` what
    /// `file://` URLs may read.
    static func run(_ text: String = document, paused: Bool = false, url: String = "", folder: String? = nil,
                    _ body: @escaping @Sendable (any TestClientProtocol, PreviewLink) async throws -> Void) async throws {
        let document = try Document.load(SourceFile(name: "fixture.json", bytes: Array(text.utf8)))
        let link = PreviewLink()
        var registry = StandardLibrary.registry
        OverlayActions.install(in: &registry, link: link)
        let files = FileTransport(next: OfflineTransport(), access: FileAccess(folders: folder.map { [$0] } ?? []))
        let clock = WallClock()
        let setup = SessionSetup(registry: registry) { console in
            ActionEnvironment(console: console, viewURL: url, clock: clock, transport: files)
        }
        let session = PreviewSession(document: document, setup: setup, console: PreviewConsole(link: link), link: link) {
            $0.message
        }
        let program = Task { await session.run(paused: paused) }
        defer { program.cancel() }
        let page = try #require(PageFiles.locate())
        let app = PreviewServer(link: link, page: page, port: 0, guarding: PreviewGuard(token: token, otherOrigins: ["ws://localhost"])).application()
        try await app.test(.live) { client in try await body(client, link) }
    }

    static let token = "0123456789abcdef0123456789abcdef"
}

extension TestClientProtocol {
    /// A WebSocket with the run's token. This client always sends `Origin: ws://localhost`, which the
    /// fixture's guard accepts; the real origins are tested against the binary (Tests/python/preview).
    @discardableResult
    func page(token: String = PreviewFixture.token,
              _ handler: @escaping WebSocketDataHandler<WebSocketClient.Context>) async throws -> WebSocketCloseFrame? {
        try await ws("/ws?token=\(token)", handler: handler)
    }
}

/// Reads the server's frames as JSON. A frame that does not match is kept for a later `next`, so the
/// order in which the server sends different kinds of frames does not matter.
struct Frames {
    var iterator: WebSocketInboundMessageStream.AsyncIterator
    var kept: [JSON] = []

    init(_ inbound: WebSocketInboundStream) {
        iterator = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
    }

    /// The next frame for which `match` holds.
    mutating func next(_ match: (JSON) -> Bool) async throws -> JSON {
        if let index = kept.firstIndex(where: match) { return kept.remove(at: index) }
        while let message = try await iterator.next() {
            guard case .text(let text) = message else { continue }
            let json = try JSONParser.parse(text)
            if match(json) { return json }
            kept.append(json)
        }
        throw Closed()
    }

    mutating func next(type: String, where match: (JSON) -> Bool = { _ in true }) async throws -> JSON {
        try await next { $0["type"] == .string(type) && match($0) }
    }

    struct Closed: Error {}
}

extension WebSocketOutboundWriter {
    func send(_ json: JSON) async throws { try await write(.text(JSONPrinter.compact(json))) }
}
