import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The HTTP side of the preview: the page's files at `/` and the WebSocket at `/ws`, on 127.0.0.1 only,
/// behind the guard (Host on every route; Origin and the run's token on the socket).
package struct PreviewServer: Sendable {
    package let link: PreviewLink
    package let page: PageFiles
    /// 0 asks the system for any free port.
    package let port: Int
    package let guarding: PreviewGuard
    /// The bytes of a `file://` URL as the flow wrote it (an image of the app's own), read inside the same
    /// folders as the run's `file://` reads; nil serves none.
    package var localFiles: (@Sendable (String) -> Result<[UInt8], LocalFileRefusal>)?
    /// The agents' pages, for their iframes; nil serves none.
    package var agentFrames: AgentFrames?

    package struct LocalFileRefusal: Error, Sendable {
        package var message: String
        package init(_ message: String) { self.message = message }
    }

    /// The largest message a page may send; a longer one is answered with an error, and the page stays.
    static let maximumMessage = 1 << 20
    /// The largest frame the connection reads at all: past it the framework closes the connection (1009).
    static let maximumFrame = 16 << 20

    package init(link: PreviewLink, page: PageFiles, port: Int, guarding: PreviewGuard = PreviewGuard()) {
        self.link = link
        self.page = page
        self.port = port
        self.guarding = guarding
    }

    /// The application; `ready` is called with the port it listens on once it does.
    package func application(ready: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router(context: BasicWebSocketRequestContext.self)
        let (page, guarding, link) = (page, guarding, link)
        router.add(middleware: HostCheck(guarding: guarding))
        router.get("/") { _, _ in try Self.respond(page, "index.html") }
        let localFiles = localFiles
        // The page's images written as file:// (the app's assets on the phone), which a browser refuses to load.
        router.get("/local-file") { request, _ in
            guard guarding.allowsToken(request.uri.queryParameters["token"].map(String.init)) else {
                throw HTTPError(.forbidden, message: "local files go only to the preview's own page, with the run's token")
            }
            guard let written = request.uri.queryParameters["url"].map(String.init), written.hasPrefix("file://"),
                  let localFiles else { throw HTTPError(.notFound) }
            switch localFiles(written) {
            case .success(let bytes):
                var headers = HTTPFields()
                headers[.contentType] = Self.mediaType(of: written)
                headers[.cacheControl] = "no-store"
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            case .failure(let refusal):
                throw HTTPError(.notFound, message: refusal.message)
            }
        }
        let agentFrames = agentFrames
        // An agent's page, under a key only the page was told; served sandboxed (HostCheck's headers for it).
        router.get("/agent-frame/:key") { _, context in
            guard let html = agentFrames?.page(context.parameters.get("key") ?? "") else { throw HTTPError(.notFound) }
            var headers = HTTPFields()
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        }
        router.get("/:file") { _, context in
            try Self.respond(page, context.parameters.get("file") ?? "")
        }
        router.ws("/ws", shouldUpgrade: { request, _ in
            let origins = request.headers[values: .origin]
            guard guarding.allowsSocket(origins: origins, token: request.uri.queryParameters["token"].map(String.init))
            else {
                throw HTTPError(.forbidden, message: "the preview's socket takes only its own page, with the token of the URL jasonrun printed")
            }
            return .upgrade([:])
        }, onUpgrade: { inbound, outbound, _ in
            let (client, frames) = link.connect()
            defer { link.disconnect(client) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    while let frame = await frames.next() { try await outbound.write(.text(frame)) }
                }
                for try await message in inbound.messages(maxSize: Self.maximumFrame) {
                    switch message {
                    case .text(let text) where text.utf8.count > Self.maximumMessage:
                        link.refuseOversized(text, limit: Self.maximumMessage, from: client)
                    case .text(let text): link.receive(text, from: client)
                    case .binary: link.reject("binary frames are not ours: send JSON text", from: client)
                    }
                }
                group.cancelAll()
            }
        })
        var logger = Logger(label: "jasonrun.preview")
        logger.logLevel = .critical
        let socket = HTTP1WebSocketUpgradeChannel.Configuration(ws: WebSocketServerConfiguration(maxFrameSize: Self.maximumFrame))
        return Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: socket),
            // SO_REUSEADDR: a restart binds at once although the last run's closed connections wait in
            // TIME_WAIT; a port another process listens on is still refused (Linux), so "in use" still holds.
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "jasonrun",
                                                    reuseAddress: true),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                guarding.port = port
                await ready(port)
            },
            logger: logger)
    }

    /// What a local file is, by its extension: images the page shows; anything else is plain bytes.
    static func mediaType(of url: String) -> String {
        let name = url.split(separator: "?").first.map(String.init) ?? url
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
                "svg": "image/svg+xml", "ico": "image/x-icon", "bmp": "image/bmp"][ext] ?? "application/octet-stream"
    }

    static func respond(_ page: PageFiles, _ name: String) throws -> Response {
        guard let file = page.file(name) else { throw HTTPError(.notFound) }
        var headers = HTTPFields()
        headers[.contentType] = file.type
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
