import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import JasonJSON
import Testing
@testable import JasonPreview

/// Pickers, date pickers, views pushed and popped, and timers, through the WebSocket.
@Suite(.timeLimit(.minutes(1))) struct OverlayAndViewTests {
    static let document = #"""
    {"$jason": {"head": {"title": "Overlays",
      "actions": {
        "choose": {"type": "$util.picker", "options": {"title": "Size", "items": [
            {"text": "small", "action": {"type": "$set", "options": {"size": "S"}}},
            {"text": "large", "action": {"type": "$set", "options": {"size": "L"}}}]}},
        "date": {"type": "$util.datepicker", "options": {"title": "When?"},
                 "success": {"type": "$set", "options": {"when": "{{$jason.value}}"}}},
        "tick": {"type": "$timer.start", "options": {"name": "t", "interval": 0.01,
                 "action": {"type": "$set", "options": {"ticked": true}}}}
      }},
      "body": {"sections": [{"items": [
        {"type": "button", "text": "Choose", "action": {"trigger": "choose"}},
        {"type": "button", "text": "Date", "action": {"trigger": "date"}},
        {"type": "button", "text": "Tick", "action": {"trigger": "tick"}},
        {"type": "label", "text": "Inner", "href": {"url": "inner.json"}}
      ]}]}}}
    """#

    @Test func aPickerRunsTheChosenItem() async throws {
        try await PreviewFixture.run(Self.document) { client, _ in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                try await outbound.send(["type": "tap", "path": "/sections/0/items/0"])
                let picker = try await frames.next(type: "overlay") { $0["kind"] == "picker" }
                #expect(picker["options"]?["items"]?[1]?["text"] == "large")
                try await outbound.send(["type": "answer", "id": try #require(picker["id"]), "value": ["index": 1]])
                _ = try await frames.next(type: "state") { $0["get"]?["size"] == "L" }
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test func aDatePickerAnswersUnixSeconds() async throws {
        try await PreviewFixture.run(Self.document) { client, _ in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                try await outbound.send(["type": "tap", "path": "/sections/0/items/1"])
                let picker = try await frames.next(type: "overlay") { $0["kind"] == "datepicker" }
                try await outbound.send(["type": "answer", "id": try #require(picker["id"]), "value": 1_767_225_600])
                _ = try await frames.next(type: "state") { $0["get"]?["when"] == "1767225600" }
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test func aTimerTicksWithoutAnyoneAsking() async throws {
        try await PreviewFixture.run(Self.document) { client, _ in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                try await outbound.send(["type": "tap", "path": "/sections/0/items/2"])
                _ = try await frames.next(type: "state") { $0["get"]?["ticked"] == true }
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test func hrefPushesAViewAndBackPopsIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let inner = #"{"$jason": {"head": {"title": "Inner"}, "body": {"header": {"title": "Inside"}}}}"#
        try inner.write(to: folder.appendingPathComponent("inner.json"), atomically: true, encoding: .utf8)
        let url = folder.appendingPathComponent("main.json").absoluteString
        try await PreviewFixture.run(Self.document, url: url, folder: folder.path) { client, _ in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                try await outbound.send(["type": "tap", "path": "/sections/0/items/3"])
                let pushed = try await frames.next(type: "view") { $0["depth"] == 1 }
                #expect(pushed["body"]?["header"]?["title"] == "Inside")
                #expect(pushed["title"] == "Inner")
                try await outbound.send(["type": "back"])
                _ = try await frames.next(type: "view") { $0["depth"] == 0 && $0["title"] == "Overlays" }
                try await outbound.send(["type": "back"])
                #expect(try await frames.next(type: "error")["message"] == "there is no view to go back to")
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }
}
