import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import WSCore
import JasonJSON
import Testing
@testable import JasonPreview

/// The WebSocket messages, end to end through a live server on 127.0.0.1.
@Suite(.timeLimit(.minutes(1))) struct ServerTests {
    @Test func thePageIsServed() async throws {
        try await PreviewFixture.run { client, _ in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                let text = response.body.getString(at: 0, length: response.body.readableBytes) ?? ""
                #expect(text.contains("<script src=\"page.js\">"))
            }
            try await client.execute(uri: "/draw.js", method: .get) { response in
                #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true)
            }
            try await client.execute(uri: "/Package.swift", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func aNewPageGetsTheViewAndTheState() async throws {
        try await PreviewFixture.run { client, _ in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                let view = try await frames.next(type: "view")
                #expect(view["body"]?["header"]?["title"] == "Home")
                #expect(view["title"] == "Fixture")
                #expect(view["depth"] == 0)
                _ = try await frames.next(type: "state") { $0["get"]?["loaded"] == 1 }
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test func inputSetsGetAndATapRunsTheAction() async throws {
        try await PreviewFixture.run { client, _ in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                _ = try await frames.next(type: "state") { $0["get"]?["loaded"] == 1 }
                try await outbound.send(["type": "input", "name": "name", "value": "Ann"])
                try await outbound.send(["type": "tap", "path": "/sections/0/items/1"])
                let toast = try await frames.next(type: "overlay")
                #expect(toast["kind"] == "toast")
                #expect(toast["options"]?["text"] == "Hi Ann")
                _ = try await frames.next(type: "state") { $0["get"]?["name"] == "Ann" }
                _ = try await frames.next(type: "trace") {
                    $0["events"]?.arrayValue?.contains { $0["name"] == "$util.toast" } == true
                }
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test func anAlertWaitsForItsAnswer() async throws {
        try await PreviewFixture.run { client, _ in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                try await outbound.send(["type": "tap", "path": "/sections/0/items/2"])
                let alert = try await frames.next(type: "overlay") { $0["kind"] == "alert" }
                #expect(alert["options"]?["title"] == "Who?")
                let id = try #require(alert["id"])
                try await outbound.send(["type": "answer", "id": id, "value": ["who": "Bo"]])
                _ = try await frames.next(type: "overlay-closed") { $0["id"] == id }
                _ = try await frames.next(type: "state") { $0["get"]?["who"] == "Bo" }
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test func whatIsNotOursIsRefusedAndTheRunGoesOn() async throws {
        try await PreviewFixture.run { client, link in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                _ = try await frames.next(type: "state") { $0["get"]?["loaded"] == 1 }
                try await outbound.write(.text("rm -rf /"))
                #expect(try await frames.next(type: "error")["message"]?.stringValue?.hasPrefix("not JSON") == true)
                try await outbound.send(["type": "eval", "code": "1"])
                #expect(try await frames.next(type: "error")["message"]?.stringValue?.contains("unknown message type") == true)
                try await outbound.send(["type": "tap", "path": "/sections/9"])
                #expect(try await frames.next(type: "error")["message"]?.stringValue?.contains("nothing at") == true)
                try await outbound.send(["type": "answer", "id": 999, "value": 1])
                _ = try await frames.next(type: "error")
                try await outbound.send(["type": "input", "name": "name", "value": "Cy"])
                try await outbound.send(["type": "tap", "path": "/sections/0/items/1"])
                #expect(try await frames.next(type: "overlay")["options"]?["text"] == "Hi Cy")
                #expect(link.rejectedCount == 2)
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test func aPageThatComesBackSeesTheCurrentState() async throws {
        try await PreviewFixture.run { client, _ in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                try await outbound.send(["type": "input", "name": "name", "value": "Di"])
                try await outbound.send(["type": "tap", "path": "/sections/0/items/1"])
                _ = try await frames.next(type: "output") { $0["text"] == "[toast] Hi Di" }
                _ = try await frames.next(type: "state") { $0["get"]?["name"] == "Di" }
                try await outbound.close(.normalClosure, reason: nil)
            }
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                #expect(try await frames.next(type: "view")["body"]?["header"]?["title"] == "Home")
                _ = try await frames.next(type: "state") { $0["get"]?["name"] == "Di" }
                // What happened before it connected: the recent trace and output.
                _ = try await frames.next(type: "trace") {
                    $0["events"]?.arrayValue?.contains { $0["name"] == "$util.toast" } == true
                }
                _ = try await frames.next(type: "output") { $0["text"] == "[toast] Hi Di" }
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    /// From the start, paused: Step through `$load`, tap Count, and Step until its first `$set` is pending.
    /// State frames are coalesced (a page sees the newest), so each command waits for its own.
    static func stepIntoTheCount(_ frames: inout Frames, _ outbound: WebSocketOutboundWriter) async throws {
        let first = try await frames.next(type: "state") { $0["mode"] == "paused" }
        #expect(first["pending"]?["name"] == "$set")
        try await outbound.send(["type": "debug", "command": "step"])
        _ = try await frames.next(type: "state") { $0["get"]?["loaded"] == 1 }
        try await outbound.send(["type": "tap", "path": "/sections/0/items/3"])
        // Step starts the tapped chain and stops before its first action, the trigger; then its first $set.
        try await outbound.send(["type": "debug", "command": "step"])
        _ = try await frames.next(type: "state") { $0["pending"]?["name"] == "trigger count" }
        try await outbound.send(["type": "debug", "command": "step"])
        _ = try await frames.next(type: "state") { $0["pending"]?["options"]?["n"] == 1 }
    }

    @Test func pauseStepContinueAndBack() async throws {
        try await PreviewFixture.run(paused: true) { client, _ in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                try await Self.stepIntoTheCount(&frames, outbound)
                try await outbound.send(["type": "debug", "command": "step"])
                _ = try await frames.next(type: "state") { $0["get"]?["n"] == 1 && $0["mode"] == "paused" }
                try await outbound.send(["type": "debug", "command": "step"])
                _ = try await frames.next(type: "state") { $0["get"]?["n"] == 2 }
                try await outbound.send(["type": "debug", "command": "back"])
                let back = try await frames.next(type: "state") { $0["get"]?["n"] == 1 }
                #expect(back["mode"] == "paused")
                #expect(back["pending"]?["options"]?["n"] == 2)
                try await outbound.send(["type": "debug", "command": "continue"])
                _ = try await frames.next(type: "state") { $0["get"]?["n"] == 3 && $0["mode"] == "idle" }
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }
}

/// The preview is a face of the debugging engine: Back and Step move on its one timeline.
@Suite(.timeLimit(.minutes(1))) struct PreviewTimelineTests {
    @Test func stepBackThenForwardReturnsToTheSameState() async throws {
        try await PreviewFixture.run(paused: true) { client, _ in
            try await client.page { inbound, outbound, _ in
                var frames = Frames(inbound)
                try await ServerTests.stepIntoTheCount(&frames, outbound)
                try await outbound.send(["type": "debug", "command": "step"])
                let before = try await frames.next(type: "state") { $0["get"]?["n"] == 1 && $0["pending"]?["options"]?["n"] == 2 }
                try await outbound.send(["type": "debug", "command": "back"])
                _ = try await frames.next(type: "state") { $0["get"]?["n"] == nil && $0["pending"]?["options"]?["n"] == 1 }
                try await outbound.send(["type": "debug", "command": "step"])
                let again = try await frames.next(type: "state") { $0["get"]?["n"] == 1 }
                #expect(again["get"] == before["get"])
                #expect(again["pending"] == before["pending"])
                #expect(again["steps"] == before["steps"])
                #expect(again["mode"] == "paused")
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }
}
