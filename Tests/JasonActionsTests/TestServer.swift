import Foundation
import JasonJSON
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP server on 127.0.0.1 for the network tests (no outside network is touched).
///   /json            {"ok": true, "n": 1}
///   /text            plain text
///   /status/CODE     that status with {"error": "CODE"}
///   /echo            {"method", "uri", "body", "headers"} of the request
///   /big/N           N bytes of "x"
final class TestServer: Sendable {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let channel: any Channel
    let base: String

    init() throws {
        channel = try ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Responder())
                }
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        base = "http://127.0.0.1:\(channel.localAddress?.port ?? 0)"
    }

    func stop() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}

private final class Responder: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    var head: HTTPRequestHead?
    var body: [UInt8] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let h): head = h; body = []
        case .body(var buffer): body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            guard let head else { return }
            let (status, type, bytes) = answer(head)
            var headers = HTTPHeaders([("Content-Type", type), ("Content-Length", String(bytes.count))])
            headers.add(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
                          promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            context.close(promise: nil)
        }
    }

    func answer(_ head: HTTPRequestHead) -> (HTTPResponseStatus, String, [UInt8]) {
        let json = { (value: JSON) in Array(JSONPrinter.compact(value).utf8) }
        let path = head.uri.split(separator: "?").first.map(String.init) ?? head.uri
        if path == "/json" { return (.ok, "application/json", json(["ok": true, "n": 1])) }
        if path == "/text" { return (.ok, "text/plain", Array("line one\nline two".utf8)) }
        if path.hasPrefix("/status/"), let code = Int(path.dropFirst(8)) {
            return (HTTPResponseStatus(statusCode: code), "application/json", json(["error": .string(String(code))]))
        }
        if path.hasPrefix("/big/"), let n = Int(path.dropFirst(5)) {
            return (.ok, "text/plain", Array(repeating: UInt8(ascii: "x"), count: n))
        }
        if path == "/echo" {
            let headers = JSONObject(head.headers.map { ($0.name.lowercased(), JSON.string($0.value)) }, uniquingKeysWith: { $1 })
            return (.ok, "application/json", json(["method": .string(head.method.rawValue), "uri": .string(head.uri),
                                                    "body": .string(String(decoding: body, as: UTF8.self)),
                                                    "headers": .object(headers)]))
        }
        return (.notFound, "text/plain", Array("no such path".utf8))
    }
}
