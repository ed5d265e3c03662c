import JasonJSON
import Testing
@testable import JasonPreview

/// The page's messages are read strictly: anything that is not one of ours is refused with a reason.
@Suite struct ProtocolTests {
    @Test func readsEachKindOfMessage() throws {
        #expect(try ClientMessage.parse(#"{"type":"tap","path":"/sections/0/items/1"}"#) == .tap(path: "/sections/0/items/1"))
        #expect(try ClientMessage.parse(#"{"type":"input","name":"q","value":"tea"}"#) == .input(name: "q", value: "tea"))
        #expect(try ClientMessage.parse(#"{"type":"answer","id":3,"value":{"a":1}}"#)
            == .answer(id: 3, value: ["a": 1], cancelled: false))
        #expect(try ClientMessage.parse(#"{"type":"answer","id":3,"cancel":true}"#) == .answer(id: 3, value: nil, cancelled: true))
        #expect(try ClientMessage.parse(#"{"type":"back"}"#) == .back)
        #expect(try ClientMessage.parse(#"{"type":"debug","command":"step"}"#) == .debug(.step))
        #expect(try ClientMessage.parse(#"{"type":"hello"}"#) == .hello)
    }

    @Test(arguments: [
        ("not json", "not JSON"),
        ("[1,2]", "JSON object"),
        (#"{"kind":"tap"}"#, "no \"type\""),
        (#"{"type":"launch"}"#, "unknown message type \"launch\""),
        (#"{"type":"tap","path":"sections"}"#, "tap needs \"path\""),
        (#"{"type":"input","name":"","value":1}"#, "input needs"),
        (#"{"type":"answer","id":"x"}"#, "answer needs \"id\""),
        (#"{"type":"debug","command":"jump"}"#, "one of pause, step, continue, back"),
    ])
    func refusesWhatIsNotOurs(text: String, reason: String) {
        #expect(throws: ClientMessage.Rejection.self) { try ClientMessage.parse(text) }
        do { _ = try ClientMessage.parse(text) } catch { #expect(error.message.contains(reason), "\(error.message)") }
    }

    @Test func serverMessagesAreCompactJSONWithAType() throws {
        let view = ServerMessage.view(.init(body: ["sections": []], title: "T", depth: 1, url: "file:///a.json"))
        let parsed = try JSONParser.parse(view.text)
        #expect(parsed["type"] == "view")
        #expect(parsed["depth"] == 1)
        #expect(try JSONParser.parse(ServerMessage.error("no").text) == ["type": "error", "message": "no"])
        #expect(try JSONParser.parse(ServerMessage.overlayClosed(id: 2).text)["type"] == "overlay-closed")
    }
}
