import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// Real faults from a misbehaving loopback server: each ends in the error branch, soon, in words.
/// The timeouts here are the product's own (`timeout` of a request); the tests never sleep.
@Suite(.serialized) struct NetworkFaultTests {
    func failure(_ options: String, transport: any HTTPTransport = HTTPClientTransport(),
                 viewURL: String = "file:///flow.json") async throws -> String {
        let r = try await run(#"""
            {"type": "$network.request", "options": \#(options),
             "error": {"type": "$util.toast", "options": {"text": "{{$jason.message}}"}}}
            """#, viewURL: viewURL, transport: transport)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        return r.printed.first ?? "(nothing printed)"
    }

    @Test func aRefusedConnectionFailsAtOnceInWords() async throws {
        let port = try FaultServer.closedPort()
        // With the default 60 s timeout: before the fix this waited out the whole minute, then said
        // "HTTPClientError.deadlineExceeded".
        let message = try await failure(#"{"url": "http://127.0.0.1:\#(port)/x"}"#)
        #expect(message == "[toast] GET http://127.0.0.1:\(port)/x failed: connection refused by 127.0.0.1:\(port)")
    }

    @Test func aStalledServerTimesOutAfterTheTimeoutAsked() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let message = try await failure(#"{"url": "\#(server.base)/stall", "timeout": 0.3}"#)
        #expect(message == "[toast] GET \(server.base)/stall timed out after 0.3 s")
    }

    @Test func theTimeoutCoversATrickledBody() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        // The head arrives at once; the 1000-byte body would take 50 s.
        let message = try await failure(#"{"url": "\#(server.base)/trickle", "timeout": 0.3, "data_type": "raw"}"#)
        #expect(message == "[toast] GET \(server.base)/trickle timed out after 0.3 s")
    }

    @Test func aBodyShorterThanItsLengthTimesOutOrSaysTheConnectionClosed() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let short = try await failure(#"{"url": "\#(server.base)/short", "timeout": 0.3, "data_type": "raw"}"#)
        #expect(short == "[toast] GET \(server.base)/short timed out after 0.3 s")
        let cut = try await failure(#"{"url": "\#(server.base)/cut", "data_type": "raw"}"#)
        #expect(cut.hasSuffix("closed the connection before the response was complete"), "\(cut)")
    }

    @Test func aBadStatusLineAndACompressionBombSayWhatHappened() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let garbage = try await failure(#"{"url": "\#(server.base)/garbage"}"#)
        #expect(garbage == "[toast] GET \(server.base)/garbage failed: 127.0.0.1:\(server.base.split(separator: ":").last!) did not answer in HTTP (a bad status line)")
        let place = "127.0.0.1:\(server.base.split(separator: ":").last!)"
        let header = try await failure(#"{"url": "\#(server.base)/badheader"}"#)
        #expect(header == "[toast] GET \(server.base)/badheader failed: \(place) sent a malformed header line")
        let length = try await failure(#"{"url": "\#(server.base)/badlength"}"#)
        #expect(length == "[toast] GET \(server.base)/badlength failed: \(place) sent an invalid Content-Length header")
        let bomb = try await failure(#"{"url": "\#(server.base)/bomb", "data_type": "raw"}"#)
        #expect(bomb == "[toast] GET \(server.base)/bomb failed: the response body grew past the 50 MB limit while being decompressed (a compression bomb?)")
    }

    @Test func numbersThatWouldTrapAreRefusedWhereTheyAreWritten() async throws {
        for timeout in ["1e16", "-1", "0", "\"nan\"", "\"inf\""] {
            let r = try await run(#"{"type": "$network.request", "options": {"url": "http://127.0.0.1:1/", "timeout": \#(timeout)}}"#,
                                  transport: HTTPClientTransport())
            #expect(r.diagnostics.map(\.id) == [.invalidOptions], "timeout \(timeout)")
            #expect(r.diagnostics.first?.message.hasPrefix("option 'timeout' must be a number from 0.001 to 86400") == true)
            #expect(r.diagnostics.first?.pointer?.description == "/options/timeout")
        }
        // The transport itself refuses what an embedder might hand it.
        await #expect(throws: TransportError.self) {
            _ = try await HTTPClientTransport().send(HTTPRequest(method: "GET", url: "http://127.0.0.1:1/", timeout: .nan))
        }
    }

    @Test func aRelativeURLInAFlowFromStandardInputSaysItHasNoFolder() async throws {
        let message = try await failure(#"{"url": "file://data.json"}"#, transport: FileTransport(next: OfflineTransport()),
                                        viewURL: "stdin:")
        #expect(message.hasPrefix("[toast] a flow read from stdin has no folder: relative URL data.json"), "\(message)")
    }

    @Test func anUnknownHostIsNamed() async throws {
        // Names under .invalid never resolve (RFC 6761); the resolver here answers at once, even offline.
        // The timeout only bounds the test on a machine whose resolver stalls.
        let message = try await failure(#"{"url": "http://example.invalid/x", "timeout": 5}"#)
        #expect(message == "[toast] GET http://example.invalid/x failed: no such host example.invalid")
    }
}
