import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The HTTP side of the preview: the page's files at `/` and the WebSocket at `/ws`, on 127.0.0.1 only.
package struct PreviewServer: Sendable {
    package let link: PreviewLink
    package let page: PageFiles
    /// 0 asks the system for any free port.
    package let port: Int

    /// The largest frame a page may send.
    static let maximumFrame = 1 << 20

    package init(link: PreviewLink, page: PageFiles, port: Int) {
        self.link = link
        self.page = page
        self.port = port
    }

    /// The application; `ready` is called with the port it listens on once it does.
    package func application(ready: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router(context: BasicWebSocketRequestContext.self)
        let page = page
        router.get("/") { _, _ in try Self.respond(page, "index.html") }
        router.get("/:file") { _, context in
            try Self.respond(page, context.parameters.get("file") ?? "")
        }
        let link = link
        router.ws("/ws") { inbound, outbound, _ in
            let (client, frames) = link.connect()
            defer { link.disconnect(client) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await frame in frames { try await outbound.write(.text(frame)) }
                }
                for try await message in inbound.messages(maxSize: Self.maximumFrame) {
                    switch message {
                    case .text(let text): link.receive(text, from: client)
                    case .binary: link.send(.error("binary frames are not ours: send JSON text"), to: client)
                    }
                }
                group.cancelAll()
            }
        }
        var logger = Logger(label: "jasonrun.preview")
        logger.logLevel = .critical
        return Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "jasonrun",
                                                    reuseAddress: false),
            onServerRunning: { channel in await ready(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    static func respond(_ page: PageFiles, _ name: String) throws -> Response {
        guard let file = page.file(name) else { throw HTTPError(.notFound) }
        var headers = HTTPFields()
        headers[.contentType] = file.type
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
