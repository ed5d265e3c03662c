import Foundation
import JasonCLI
import TestSupport
import Testing

/// --stubs, --offline, --record and --replay from the command line.
@Suite struct NetworkOptionTests {
    func jasonrun(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let io = CapturedIO()
        let status = await Jasonrun.main(arguments + ["--no-persist"], io: io)
        return (status, io.out, io.err)
    }

    let flow = #"{"type": "$network.request", "options": {"url": "https://api.example.com/x"}, "success": {"type": "$util.toast", "options": {"text": "{{$jason.v}}"}}}"#

    @Test func stubsAnswerOffline() async throws {
        let file = try Paths.write(flow)
        let stubs = try Paths.write(#"{"network": [{"request": {"url": "https://api.example.com/*"}, "response": {"body": {"v": 7}}}]}"#,
                                    name: "stubs.json")
        let r = await jasonrun([file.path, "--offline", "--stubs", stubs.path])
        #expect(r.status == 0)
        #expect(r.out == "[toast] 7\n")
        let unanswered = await jasonrun([file.path, "--offline"])
        #expect(unanswered.status == 1)
        #expect(unanswered.err.contains("offline: nothing answers GET https://api.example.com/x"))
    }

    @Test func aBrokenStubFileIsLocatedAndNothingRuns() async throws {
        let file = try Paths.write(flow)
        let stubs = try Paths.write("{\"network\": [{\"request\": {\"url\": \"x\"},\n  \"response\": {\"status\": 42}}]}", name: "s.json")
        let r = await jasonrun([file.path, "--stubs", stubs.path])
        #expect(r.status == 65)
        #expect(r.err.hasPrefix(stubs.path + ":2:26: error: \"status\" must be an HTTP status (100-599) [invalid-stubs]"))
        #expect(r.out.isEmpty)
        #expect(await jasonrun([file.path, "--stubs", "/nonexistent.json"]).status == 66)
    }

    @Test func replayReportsRequestsNotInTheRecording() async throws {
        let file = try Paths.write(flow)
        let cassette = try Paths.write(#"{"exchanges": [{"request": {"method": "GET", "url": "https://api.example.com/y"}, "response": {"status": 200, "body": "{\"v\": 1}"}}]}"#,
                                       name: "cassette.json")
        let r = await jasonrun([file.path, "--replay", cassette.path])
        #expect(r.status == 1)
        #expect(r.err.contains("GET https://api.example.com/x is not in the recording [replay-mismatch]"))
    }

    @Test func recordExcludesReplayAndOffline() async throws {
        let file = try Paths.write(flow)
        #expect(await jasonrun([file.path, "--record", "a.json", "--offline"]).status == 64)
        #expect(await jasonrun([file.path, "--record", "a.json", "--replay", "b.json"]).status == 64)
    }
}
