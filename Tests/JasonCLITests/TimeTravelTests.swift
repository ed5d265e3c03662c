import JasonActions
import JasonJSON
import JasonDebugger
import JasonREPL
import JasonRuntime
import Synchronization
import Testing

/// `back`, `back N` and `reverse-continue` restore the run exactly as it was, and going forward again
/// replays what the outside world answered (random numbers, the time, the network, the user) instead
/// of asking again.
@Suite struct TimeTravelTests {
    /// Answers every request with a count of the requests it has had.
    final class CountingTransport: HTTPTransport {
        let count = Mutex(0)
        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            let n = count.withLock { $0 += 1; return $0 }
            return HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                                body: Array(#"{"n": \#(n)}"#.utf8))
        }
    }

    static let flow = #"""
    {"$jason": {"head": {"actions": {"$load":
      {"type": "$set", "options": {"r": "{{Math.random()}}", "t": "{{Date.now()}}"}, "success":
      {"type": "$network.request", "options": {"url": "https://api.example.com/n"}, "success":
      {"type": "$set", "options": {"n": "{{$jason.n}}"}, "success":
      {"type": "$util.alert", "options": {"title": "Name?", "form": [{"name": "who"}]}, "success":
      {"type": "$set", "options": {"who": "{{$jason.who}}"}, "success":
      {"type": "$util.toast", "options": {"text": "{{$get.r}} {{$get.n}} {{$get.who}}"}}}}}}}}}}}
    """#

    static let state = "p 'STATE ' + JSON.stringify([$get.r, $get.t, $get.n, $get.who, $get.m])"

    @Test func backIsExactAndForwardReplaysTheWorld() async throws {
        let document = try Document.load(SourceFile(name: "travel.json", text: Self.flow))
        let lines = Mutex([
            "break $util.toast", "run", "Ann", Self.state,
            "back", Self.state,
            "back 3", Self.state,
            "continue", Self.state,
            "reverse-continue", Self.state,
            "continue", Self.state,
            "continue",
        ])
        let output = Mutex("")
        let transport = CountingTransport()
        let setup = SessionSetup(registry: StandardLibrary.registry) { console in
            var environment = ActionEnvironment(console: console)
            environment.transport = transport
            return environment
        }
        let repl = await REPL(document: document, setup: setup, reader: { _ in
            PlainLineReader { lines.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
        }, asksUser: true, write: { text in output.withLock { $0 += text } }, describe: { $0.message + "\n" })
        _ = await repl.run()
        let text = output.withLock { $0 }
        // `print` shows the string as JSON: "STATE [r, t, n, who, m]".
        let states = text.split(separator: "\n").filter { $0.hasPrefix("\"STATE ") }
            .map { try? JSONParser.parse(String($0)).stringValue.flatMap { try? JSONParser.parse(String($0.dropFirst(6))) } }
        try #require(states.count == 6, "\(text)")
        let atToast = try #require(states[0]?.arrayValue)
        #expect(atToast[2] == 1 && atToast[3] == "Ann", "\(text)")
        #expect(states[1] == [atToast[0], atToast[1], 1, .null, .null])   // back: before $set who
        #expect(states[2]?.arrayValue?[0] == atToast[0])        // back 3: before the request, r and t kept
        #expect(states[2]?.arrayValue?[1] == atToast[1])
        #expect(states[2]?.arrayValue?[2] == .null)             // … and n not yet set
        #expect(states[3] == states[0])                         // forward again: the same outside answers
        #expect(states[4] == [.null, .null, .null, .null, .null])  // reverse-continue: back to the first action
        #expect(states[5] == states[0])
        #expect(text.contains("went back one action\n→ $set"))
        #expect(text.contains("went back 3 actions\n→ $network.request"))
        #expect(text.contains("went back 5 actions\n→ $set"))
        #expect(transport.count.withLock { $0 } == 1)          // the network was asked once
        #expect(text.components(separatedBy: "[toast]").count == 2, "\(text)")   // the toast ran once, at the end
    }

    @Test func goingBackOverAScriptSaysWhatStays() async throws {
        let flow = #"""
        {"$jason": {"head": {"actions": {"$load":
          {"type": "$script.include", "options": {"items": [{"text": "var seen = 1;"}]}, "success":
          {"type": "$util.toast", "options": {"text": "{{seen}}"}}}}}}}
        """#
        let document = try Document.load(SourceFile(name: "script.json", text: flow))
        let lines = Mutex(["break $util.toast", "run", "back", "p typeof seen"])
        let output = Mutex("")
        let setup = SessionSetup(registry: StandardLibrary.registry) { console in ActionEnvironment(console: console) }
        let repl = await REPL(document: document, setup: setup, reader: { _ in
            PlainLineReader { lines.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
        }, write: { text in output.withLock { $0 += text } }, describe: { $0.message + "\n" })
        _ = await repl.run()
        let text = output.withLock { $0 }
        #expect(text.contains("note: went back over $script.include; what it defined in JavaScript stays defined"), "\(text)")
        #expect(text.contains("\"number\""), "\(text)")
    }
}
