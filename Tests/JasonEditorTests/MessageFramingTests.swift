import Foundation
import Testing
@testable import JasonEditor

@Suite struct MessageFramingTests {
    /// Writes `bytes` into a pipe, closes it, and reads every message back.
    private func messages(from bytes: [UInt8]) throws -> [[UInt8]] {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(bytes))
        try pipe.fileHandleForWriting.close()
        var reader = MessageReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor)
        var out: [[UInt8]] = []
        while let body = try reader.next() { out.append(body) }
        return out
    }

    @Test func readsWhatTheWriterWrote() throws {
        let pipe = Pipe()
        let writer = MessageWriter(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor)
        #expect(writer.send(Array(#"{"a":1}"#.utf8)))
        #expect(writer.send(Array(#"{"é":"ü"}"#.utf8)))
        try pipe.fileHandleForWriting.close()
        var reader = MessageReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor)
        #expect(try reader.next() == Array(#"{"a":1}"#.utf8))
        #expect(try reader.next() == Array(#"{"é":"ü"}"#.utf8))
        #expect(try reader.next() == nil)
    }

    @Test func otherHeadersAndCaseAreIgnored() throws {
        let text = "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}"
        #expect(try messages(from: Array(text.utf8)) == [Array("{}".utf8)])
    }

    @Test func aTruncatedBodyEndsTheStream() throws {
        #expect(try messages(from: Array("Content-Length: 10\r\n\r\n{}".utf8)).isEmpty)
    }

    @Test func aHeaderWithoutALengthIsAFramingError() {
        #expect(throws: FramingError.badLength("x")) { try messages(from: Array("Content-Length: x\r\n\r\n".utf8)) }
        #expect(throws: FramingError.badHeader("hello")) { try messages(from: Array("hello\r\n\r\n".utf8)) }
    }
}
