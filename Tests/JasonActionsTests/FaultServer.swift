import Foundation
import NIOCore
import NIOPosix

/// A TCP server on 127.0.0.1 that misbehaves the way real servers and networks do, one fault per path:
///   /stall      reads the request and never answers
///   /trickle    promises 1000 bytes and sends one every 50 ms
///   /short      promises 100 bytes, sends 10 and keeps the connection open
///   /cut        promises 100 bytes, sends 10 and closes
///   /garbage    answers with a status line that is not HTTP
///   /bomb       a gzip body that inflates to 64 MB of zeros
final class FaultServer: Sendable {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let channel: any Channel
    let base: String

    init() throws {
        channel = try ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Misbehaviour()) }
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        base = "http://127.0.0.1:\(channel.localAddress?.port ?? 0)"
    }

    func stop() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// A port on 127.0.0.1 where nothing listens: bound once, then closed.
    static func closedPort() throws -> Int {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let channel = try ServerBootstrap(group: group).bind(host: "127.0.0.1", port: 0).wait()
        let port = channel.localAddress?.port ?? 1
        try channel.close().wait()
        return port
    }
}

private final class Misbehaviour: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    var request: [UInt8] = []
    var answered = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        request += buffer.readBytes(length: buffer.readableBytes) ?? []
        guard !answered, let end = String(decoding: request, as: UTF8.self).range(of: "\r\n\r\n") else { return }
        _ = end
        answered = true
        let line = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self)
        let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        answer(path, context)
    }

    func send(_ bytes: [UInt8], _ context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes)), promise: nil)
    }

    func head(length: Int, extra: String = "") -> [UInt8] {
        Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(length)\r\n\(extra)\r\n".utf8)
    }

    func answer(_ path: String, _ context: ChannelHandlerContext) {
        switch path {
        case "/trickle":
            send(head(length: 1000), context)
            drip(1000, context)
        case "/short":
            send(head(length: 100) + Array(repeating: 0x78, count: 10), context)
        case "/cut":
            send(head(length: 100) + Array(repeating: 0x78, count: 10), context)
            context.close(promise: nil)
        case "/garbage":
            send(Array("HTTX/9 banana\r\n\r\n".utf8), context)
        case "/badheader":
            send(Array("HTTP/1.1 200 OK\r\nNo colon here\r\nContent-Length: 0\r\n\r\n".utf8), context)
        case "/badlength":
            send(Array("HTTP/1.1 200 OK\r\nContent-Length: many\r\n\r\n".utf8), context)
        case "/bomb":
            let body = GzipBomb.zeros(64 * 1024 * 1024)
            send(head(length: body.count, extra: "Content-Encoding: gzip\r\n") + body, context)
        default:
            break   // /stall: say nothing, keep the connection open
        }
    }

    func drip(_ left: Int, _ context: ChannelHandlerContext) {
        guard left > 0, context.channel.isActive else { return }
        send([0x78], context)
        let loop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: loop)
        let bound = NIOLoopBound(context, eventLoop: loop)
        loop.scheduleTask(in: .milliseconds(50)) { handler.value.drip(left - 1, bound.value) }
    }
}

/// A gzip stream of `count` zero bytes made of fixed-Huffman back-references (258 bytes each): a few hundred
/// kilobytes that inflate to `count`. The trailer's checksum is left at 0; the limit is hit long before.
enum GzipBomb {
    static func zeros(_ count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, 1)          // the last block
        bits.write(1, 2)          // fixed Huffman codes
        bits.writeCode(0b0011_0000, 8)   // literal 0
        for _ in 0..<((count - 1) / 258) {
            bits.writeCode(0b1100_0101, 8)   // length code 285: 258 bytes
            bits.writeCode(0, 5)             // distance code 0: 1 byte back
        }
        bits.writeCode(0, 7)      // end of block
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        let size = UInt32(truncatingIfNeeded: count)
        return header + bits.bytes + [0, 0, 0, 0] + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        var used = 0

        /// Deflate's header fields: least significant bit first.
        mutating func write(_ value: Int, _ count: Int) {
            for i in 0..<count { push((value >> i) & 1) }
        }

        /// Huffman codes: most significant bit first.
        mutating func writeCode(_ code: Int, _ count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) { push((code >> i) & 1) }
        }

        mutating func push(_ bit: Int) {
            if used == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8(bit) << used
            used = (used + 1) % 8
        }
    }
}
