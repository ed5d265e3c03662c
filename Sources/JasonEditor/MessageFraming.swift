import Foundation

/// The base protocol LSP and DAP share over stdio: each message is a header block
/// (`Content-Length: N`, other headers ignored) ended by an empty line, then N bytes of JSON.
package struct MessageReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    package init(fileDescriptor: Int32) { fd = fileDescriptor }

    /// The next message body, or nil at end of input. A header block without a usable length is
    /// a framing error: the stream cannot be resynchronised, so it ends the session too.
    package mutating func next() throws(FramingError) -> [UInt8]? {
        var length: Int?
        while true {
            guard let line = try readHeaderLine() else { return nil }
            if line.isEmpty {
                if length == nil { continue } // stray blank lines between messages are harmless
                break
            }
            guard let colon = line.firstIndex(of: ":") else { throw .badHeader(line) }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let n = Int(value), n >= 0, n <= FramingError.maximumLength else { throw .badLength(value) }
                length = n
            }
        }
        guard let length, let body = try readBytes(length) else { return nil }
        return body
    }

    /// Whether more input is already here (buffered, or readable without waiting).
    package var hasPendingInput: Bool {
        if buffer.count > start { return true }
        var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) > 0 && waiting.revents & Int16(POLLIN) != 0
    }

    private mutating func readHeaderLine() throws(FramingError) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                return line
            }
            if buffer.count - start > 8192 { throw .badHeader(String(decoding: buffer[start..<start + 80], as: UTF8.self)) }
            guard fill() else { return nil }
        }
    }

    private mutating func readBytes(_ count: Int) throws(FramingError) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let body = Array(buffer[start..<start + count])
        start += count
        return body
    }

    /// Reads what is available; false at end of input or on a read error.
    private mutating func fill() -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            buffer.append(contentsOf: chunk[..<n])
            return true
        }
    }
}

package enum FramingError: Error, Equatable, CustomStringConvertible {
    case badHeader(String)
    case badLength(String)

    /// What was wrong, for standard error (the stream cannot be answered on any more).
    package var description: String {
        switch self {
        case .badHeader(let line):
            let shown = line.count > 60 ? String(line.prefix(60)) + "…" : line
            return "a message header must be 'Name: value' (Content-Length: N), got \(shown.debugDescription)"
        case .badLength(let value):
            return "Content-Length must be a number of bytes up to \(Self.maximumLength), got \(value.debugDescription)"
        }
    }

    /// No editor sends a 256 MB message; a larger length is a corrupt stream, not a document.
    static let maximumLength = 256 << 20
}

/// Writes framed messages; one lock keeps messages from interleaving when events and responses race.
package final class MessageWriter: Sendable {
    private let fd: Int32
    private let lock = NSLock()

    package init(fileDescriptor: Int32) { fd = fileDescriptor }

    /// Writes one message; false when the peer has gone (the caller ends the session).
    @discardableResult
    package func send(_ body: [UInt8]) -> Bool {
        let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        lock.lock()
        defer { lock.unlock() }
        var offset = 0
        while offset < frame.count {
            let n = frame[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
