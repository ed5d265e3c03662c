import JasonActions
import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// Device and prompting actions: stubbed answers, a typing user, defaults, and the error without a stub.
@Suite struct DeviceTests {
    func flow(_ type: String, options: String = "{}") -> String {
        #"""
        {"type": "\#(type)", "options": \#(options),
         "success": {"type": "$util.toast", "options": {"text": "ok {{JSON.stringify($jason)}}"}},
         "error": {"type": "$util.toast", "options": {"text": "error {{JSON.stringify($jason)}}"}}}
        """#
    }

    @Test func deviceActionsAnswerFromStubsInOrder() async throws {
        let book = try answers(#"{"$geo.get": [{"value": {"coord": "59.91,10.75"}}, {"error": {"message": "no fix"}}]}"#)
        let r = try await run(#"""
            {"type": "$geo.get", "success": {"type": "$util.toast", "options": {"text": "ok {{JSON.stringify($jason)}}"},
               "success": {"type": "$geo.get", "error": {"type": "$util.toast", "options": {"text": "then {{JSON.stringify($jason)}}"},
                 "success": {"type": "$geo.get", "error": {"type": "$util.toast", "options": {"text": "again {{$jason.message}}"}}}}}}}
            """#, answers: book)
        // One answer per call, in order; the last one keeps answering.
        #expect(r.printed == [#"[toast] ok {"coord":"59.91,10.75"}"#, #"[toast] then {"message":"no fix"}"#,
                              "[toast] again no fix"])
    }

    @Test func withoutAStubTheErrorSaysHowToStubIt() async throws {
        for type in ["$geo.get", "$media.camera", "$audio.record", "$vision.scan", "$snapshot", "$push.register",
                     "$util.share", "$util.addressbook", "$websocket.open", "$oauth.request"] {
            let r = try await run(#"{"type": "\#(type)", "options": {"url": "u", "id": "a", "method": "m", "data": "x"}}"#)
            // The options any of them might take are given to all: the ones an action does not take are warned of.
            #expect(r.diagnostics.filter { $0.id != .unknownOption }.map(\.id) == [.actionFailed], "\(type)")
            #expect(r.diagnostics.first { $0.id == .actionFailed }?.message
                == "\(type) is not available in a terminal; stub it: {\"answers\": {\"\(type)\": {\"value\": …}}} in the --stubs file (Docs/Stubs.md) (no error branch)")
        }
    }

    @Test func aCancelledCameraEndsTheChainQuietly() async throws {
        let r = try await run(flow("$media.camera"), answers: try answers(#"{"$media.camera": {"cancel": true}}"#))
        #expect(r.printed.isEmpty)
        #expect(r.diagnostics.isEmpty)
    }

    let alert = #"{"title": "Sign in", "form": [{"name": "user", "value": "guest"}, {"name": "pin", "type": "secure"}, {"name": "k", "type": "hidden", "value": "7"}]}"#

    @Test func alertFormsTakeStubsThenTheTypistThenTheirValues() async throws {
        let stubbed = try await run(flow("$util.alert", options: alert), answers: try answers(#"{"$util.alert": {"value": {"user": "ann"}}}"#))
        #expect(stubbed.printed == ["[alert] Sign in", #"[toast] ok {"user":"ann"}"#])
        let typed = try await run(flow("$util.alert", options: alert), typed: ["", "1234"])
        #expect(typed.printed == ["[alert] Sign in", #"[toast] ok {"user":"guest","pin":"1234","k":"7"}"#])
        let defaults = try await run(flow("$util.alert", options: alert))
        #expect(defaults.printed == ["[alert] Sign in", #"[toast] ok {"user":"guest","pin":"","k":"7"}"#])
        let cancelled = try await run(flow("$util.alert", options: alert), typed: ["bob"])
        #expect(cancelled.printed == ["[alert] Sign in", #"[toast] error {"message":"cancelled","type":"$util.alert"}"#])
    }

    let picker = #"""
        {"type": "$util.picker", "options": {"title": "Size", "items": [
            {"text": "small", "action": {"type": "$util.toast", "options": {"text": "S"}}},
            {"text": "large", "action": {"type": "$util.toast", "options": {"text": "L"}}}]},
         "success": {"type": "$util.toast", "options": {"text": "never"}}}
        """#

    @Test func pickersRunTheChosenItemsAction() async throws {
        let byNumber = try await run(picker, answers: try answers(#"{"$util.picker": {"value": 2}}"#))
        #expect(byNumber.printed == ["[picker] Size", "  1. small", "  2. large", "[toast] L"])
        let byText = try await run(picker, typed: ["small"])
        #expect(byText.printed.last == "[toast] S")
        let nobody = try await run(picker)
        #expect(nobody.printed == ["[picker] Size", "  1. small", "  2. large"])
        #expect(nobody.diagnostics.isEmpty)
    }

    @Test func datePickersAnswerInUnixSeconds() async throws {
        let today = try await run(flow("$util.datepicker"))
        #expect(today.printed.last == #"[toast] ok {"value":"1767225600"}"#)
        let typed = try await run(flow("$util.datepicker"), typed: ["tomorrow", "2026-11-22T10:30"])
        #expect(typed.printed == ["[datepicker] ", "stderr:   not a date: tomorrow", #"[toast] ok {"value":"1795343400"}"#])
        let cancelled = try await run(flow("$util.datepicker"), typed: [])
        #expect(cancelled.printed == ["[datepicker] "])
    }

    @Test func aBrokenAnswerIsLocated() throws {
        #expect(throws: Diagnostic.self) { _ = try answers(#"{"$geo.get": {"coord": "1,2"}}"#) }
        do {
            _ = try StubFile.load(SourceFile(name: "s.json", text: "{\"answers\": {\"$geo.get\": [\n {\"cancel\": 1}]}}"))
            Issue.record("expected a located error")
        } catch {
            #expect(error.location?.description == "2:13")
            #expect(error.pointer?.description == "/answers/$geo.get/0/cancel")
        }
    }

    /// Issue 12, item 6: a secure field is read without echo and its default is not shown.
    @Test func secureFieldsAreNotEchoedNorShown() async throws {
        let text = #"{"type": "$util.alert", "options": {"form": [{"name": "user", "value": "ann"}, {"name": "pin", "type": "secure", "value": "1234"}]}, "success": {"type": "$util.toast", "options": {"text": "{{$jason.user}} {{$jason.pin}}"}}}"#
        let document = try Document.load(SourceFile(name: "flow.json", text: text))
        let console = RecordingConsole()
        let typist = Typist(["", "9999"])
        let environment = ActionEnvironment(console: console, input: typist)
        let interpreter = Interpreter(document: document, registry: StandardLibrary.registry, environment: environment)
        await interpreter.start()
        await interpreter.runUntilIdle()
        #expect(typist.prompts.withLock { $0 } == ["  user [ann]: ", "secret:   pin [••••]: "])
        #expect(console.printed.last == "[toast] ann 9999")
    }
}
