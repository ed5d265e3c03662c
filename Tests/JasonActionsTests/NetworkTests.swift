import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// `$network.request` and `$require` over stubs, a local server, recordings and nothing (R18, R36).
@Suite(.serialized) struct NetworkTests {
    func run(_ text: String, transport: any HTTPTransport, stores: Stores = .inMemory()) async throws -> Outcome {
        let document = try Document.load(SourceFile(name: "flow.json", text: text))
        let console = RecordingConsole()
        let interpreter = Interpreter(document: document, registry: StandardLibrary.registry,
                                      environment: ActionEnvironment(console: console, stores: stores, transport: transport))
        await interpreter.start()
        await interpreter.runUntilIdle()
        return Outcome(interpreter: interpreter, console: console)
    }

    func stubs(_ json: String) throws -> StubTransport {
        StubTransport(stubs: try StubFile.load(SourceFile(name: "stubs.json", text: json)).network, next: OfflineTransport(),
                      clock: VirtualClock())
    }

    func requestFlow(_ options: String) -> String {
        #"""
        {"type": "$network.request", "options": \#(options),
         "success": {"type": "$util.toast", "options": {"text": "ok {{JSON.stringify($jason)}}"}},
         "error": {"type": "$util.toast", "options": {"text": "error {{JSON.stringify($jason)}}"}}}
        """#
    }

    @Test func stubsAnswerAndTheRestIsOffline() async throws {
        let transport = try stubs(#"""
            {"network": [{"request": {"method": "GET", "url": "https://api.example.com/items*"},
                          "response": {"body": {"items": [1, 2]}}},
                         {"request": {"url": "https://api.example.com/fail"}, "response": {"status": 500, "body": {"e": 1}}}]}
            """#)
        let ok = try await run(requestFlow(#"{"url": "https://api.example.com/items", "data": {"page": 2}}"#), transport: transport)
        #expect(ok.printed == [#"[toast] ok {"items":[1,2]}"#])
        let failed = try await run(requestFlow(#"{"url": "https://api.example.com/fail"}"#), transport: transport)
        #expect(failed.printed == [#"[toast] error {"message":"HTTP 500 from https://api.example.com/fail","type":"$network.request","url":"https://api.example.com/fail","status":500,"body":{"e":1}}"#])
        let offline = try await run(requestFlow(#"{"url": "https://elsewhere.example.com/"}"#), transport: transport)
        #expect(offline.printed.first?.hasPrefix(#"[toast] error {"message":"offline: nothing answers GET https://elsewhere.example.com/"#) == true)
    }

    /// JavaScript sees a raw body whole, NUL characters and all, as Swift does (before, it was cut at the NUL).
    @Test func aRawBodyWithNULCharactersReachesJavaScriptWhole() async throws {
        let transport = try stubs(#"{"network": [{"request": {"url": "https://x.example/nul"}, "response": {"body": "a\u0000b"}}]}"#)
        let r = try await run(#"""
            {"type": "$network.request", "options": {"url": "https://x.example/nul", "data_type": "raw"},
             "success": {"type": "$util.toast", "options": {"text": "{{$jason.split('').length}} {{$jason.charCodeAt(2)}} {{JSON.stringify($jason + '!')}}"}}}
            """#, transport: transport)
        #expect(r.printed == [#"[toast] 3 98 "a\u0000b!""#])
    }

    @Test func stubBodiesMatchFormAndJSON() async throws {
        let transport = try stubs(#"""
            {"network": [{"request": {"method": "POST", "url": "*/login", "body": {"user": "ann"}}, "response": {"body": {"token": "t"}}}]}
            """#)
        let form = try await run(requestFlow(#"{"url": "https://x.example/login", "method": "post", "data": {"user": "ann", "pw": "p"}}"#),
                                 transport: transport)
        #expect(form.printed == [#"[toast] ok {"token":"t"}"#])
        let json = try await run(requestFlow(#"{"url": "https://x.example/login", "method": "post", "content_type": "json", "data": {"user": "bob"}}"#),
                                 transport: transport)
        #expect(json.printed.first?.hasPrefix("[toast] error") == true)
    }

    @Test func invalidStubFilesAreLocated() throws {
        #expect {
            _ = try StubFile.load(SourceFile(name: "s.json", text: "{\"network\": [\n {\"request\": {\"url\": 5}, \"response\": {}}]}"))
        } throws: { error in
            let d = error as? Diagnostic
            return d?.pointer?.description == "/network/0/request/url" && d?.location == SourceLocation(line: 2, column: 22)
                && d?.file == "s.json"
        }
        #expect(throws: Diagnostic.self) { _ = try StubFile.load(SourceFile(name: "s.json", text: #"{"netwrok": []}"#)) }
        #expect(throws: Diagnostic.self) { _ = try StubFile.load(SourceFile(name: "s.json", text: "{")) }
    }

    @Test func realHTTPAgainstALocalServer() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let transport = HTTPClientTransport()
        let json = try await run(requestFlow(#"{"url": "\#(server.base)/json"}"#), transport: transport)
        #expect(json.printed == [#"[toast] ok {"ok":true,"n":1}"#])
        let text = try await run(requestFlow(#"{"url": "\#(server.base)/text", "data_type": "html"}"#), transport: transport)
        #expect(text.printed == [#"[toast] ok "line one line two""#])
        let notJSON = try await run(requestFlow(#"{"url": "\#(server.base)/text"}"#), transport: transport)
        #expect(notJSON.printed.first?.contains("is not JSON") == true)
        let missing = try await run(requestFlow(#"{"url": "\#(server.base)/status/404"}"#), transport: transport)
        #expect(missing.printed.first?.contains(#""status":404,"body":{"error":"404"}"#) == true)
        let echo = try await run(requestFlow(#"{"url": "\#(server.base)/echo", "method": "put", "content_type": "json", "data": {"a": 1}, "headers": {"X-Test": "yes"}}"#),
                                 transport: transport)
        #expect(echo.printed.first?.contains(#""method":"PUT""#) == true)
        #expect(echo.printed.first?.contains(#""body":"{\"a\":1}""#) == true)
        #expect(echo.printed.first?.contains(#""x-test":"yes""#) == true)
    }

    @Test func sessionHeadersAreSentToTheirDomain() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let shared = SharedStores()
        let stores = shared.stores
        _ = try shared.session.update { $0["127.0.0.1"] = ["header": ["Authorization": "Bearer t"], "body": ["k": "v"]] }
        let r = try await run(requestFlow(#"{"url": "\#(server.base)/echo"}"#), transport: HTTPClientTransport(), stores: stores)
        #expect(r.printed.first?.contains(#""authorization":"Bearer t""#) == true)
        #expect(r.printed.first?.contains(#""uri":"/echo?k=v""#) == true)
    }

    @Test func unreachableHostsAndHugeResponsesFailIntoTheErrorBranch() async throws {
        let server = try TestServer()
        let base = server.base
        server.stop()
        let down = try await run(requestFlow(#"{"url": "\#(base)/json", "timeout": 1}"#), transport: HTTPClientTransport())
        #expect(down.printed.first?.hasPrefix("[toast] error") == true)
        let live = try TestServer()
        defer { live.stop() }
        var small = HTTPClientTransport()
        small.maximumBodySize = 1_000
        let huge = try await run(requestFlow(#"{"url": "\#(live.base)/big/5000", "data_type": "raw"}"#), transport: small)
        #expect(huge.printed.first?.contains("larger than") == true)
    }

    @Test func recordThenReplayGivesTheSameRunAndAChangedRequestIsReported() async throws {
        let server = try TestServer()
        let folder = try temporaryFolder()
        let cassette = folder + "/cassette.json"
        let flow = requestFlow(#"{"url": "\#(server.base)/json"}"#)
        let recorded = try await run(flow, transport: RecordingTransport(next: HTTPClientTransport(), path: cassette))
        server.stop()
        let replayer = try ReplayingTransport(file: SourceFile(name: cassette, text: String(contentsOfFile: cassette, encoding: .utf8)))
        let replayed = try await run(flow, transport: replayer)
        #expect(replayed.printed == recorded.printed)
        #expect(replayer.mismatches.isEmpty)
        let changed = try await run(requestFlow(#"{"url": "\#(server.base)/json", "method": "post", "data": {"a": 1}}"#),
                                    transport: replayer)
        #expect(changed.printed.first?.hasPrefix("[toast] error") == true)
        #expect(replayer.mismatches == ["POST \(server.base)/json differs from the recording (recorded GET with another body)"])
    }

    /// Security round 4, item 9: a recording keeps no secret query parameter or body field, and replays all
    /// the same (the request is matched as sent or as recorded).
    @Test func recordingsRedactSecretQueryParametersAndBodyFieldsAndStillReplay() async throws {
        let server = try TestServer()
        let folder = try temporaryFolder()
        let cassette = folder + "/cassette.json"
        let flow = requestFlow(#"{"url": "\#(server.base)/json?api_key=K-123&page=2", "method": "post", "#
                               + #""data": {"user": "ann", "password": "PW-77", "client_secret": "CS-9"}}"#)
        let recorded = try await run(flow, transport: RecordingTransport(next: HTTPClientTransport(), path: cassette))
        server.stop()
        let text = try String(contentsOfFile: cassette, encoding: .utf8)
        for secret in ["K-123", "PW-77", "CS-9"] { #expect(!text.contains(secret), "\(text)") }
        #expect(text.contains("page=2") && text.contains("ann"), "\(text)")
        let replayer = try ReplayingTransport(file: SourceFile(name: cassette, text: text))
        let replayed = try await run(flow, transport: replayer)
        #expect(replayed.printed == recorded.printed)
        #expect(replayer.mismatches.isEmpty, "\(replayer.mismatches)")
    }

    @Test func s18RequireKeepsTheShapeAndPutsEmptyTextForFailures() async throws {
        let transport = try stubs(#"""
            {"network": [{"request": {"url": "https://a.example/1"}, "response": {"body": {"one": 1}}},
                         {"request": {"url": "https://a.example/2"}, "response": {"body": [2]}},
                         {"request": {"url": "https://a.example/3"}, "response": {"status": 404}}]}
            """#)
        let r = try await run(#"""
            {"type": "$require", "options": {"a": "https://a.example/1", "b": ["https://a.example/2", "https://a.example/3"], "n": 5},
             "success": {"type": "$util.toast", "options": {"text": "{{JSON.stringify($jason)}}"}}}
            """#, transport: transport)
        #expect(r.printed == [#"[toast] {"a":{"one":1},"b":[[2],""]}"#])
    }
}
