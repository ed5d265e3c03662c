import Foundation
import JasonCLI
import JasonJSON
import TestSupport
import Testing

/// `jasonrun FLOW.json` end to end, in-process: output, diagnostics and exit statuses.
@Suite struct ExitCodeTests {
    func jasonrun(_ arguments: [String], input: String = "") async -> (status: Int32, out: String, err: String) {
        let io = CapturedIO(input: input)
        let status = await Jasonrun.main(arguments + ["--no-persist"], io: io)
        return (status, io.out, io.err)
    }

    @Test func aFlowThatFinishesExitsZero() async throws {
        let file = try Paths.write(#"{"type": "$util.toast", "options": {"text": "hi"}}"#)
        let r = await jasonrun([file.path])
        #expect(r.status == 0)
        #expect(r.out == "[toast] hi\n")
        #expect(r.err.isEmpty)
    }

    @Test func unknownTypesAndTriggerNamesSuggestTheNearestName() async throws {
        let file = try Paths.write(#"{"$jason": {"head": {"actions": {"$load": {"type": "$util.tost", "error": {"trigger": "lod"}}, "load": {"type": "$util.toast"}}}}}"#)
        let r = await jasonrun([file.path])
        #expect(r.status == 1)
        #expect(r.err.contains("no action named 'lod' in head.actions (did you mean 'load'?)"), "\(r.err)")
        #expect(r.err.contains("at /$jason/head/actions/$load/error/trigger"), "\(r.err)")
        let typo = try Paths.write(#"{"type": "$util.tost"}"#)
        #expect(await jasonrun([typo.path]).err.contains("unknown action type '$util.tost'; did you mean $util.toast?"))
    }

    @Test func anUnhandledErrorExitsOneWithALocatedDiagnostic() async throws {
        let file = try Paths.write("{\"$jason\": {\"head\": {\"actions\": {\n  \"$load\": {\"type\": \"$nosuch.x\"}\n}}}}")
        let r = await jasonrun([file.path])
        #expect(r.status == 1)
        #expect(r.err.contains("\(file.path):2:21: error: unknown action type '$nosuch.x' (no error branch) [unknown-action]"))
        #expect(r.err.contains("  at /$jason/head/actions/$load/type"))
        #expect(r.err.contains("  2 |   \"$load\": {\"type\": \"$nosuch.x\"}\n    |                     ^"))
    }

    @Test(arguments: [
        ("{\"$jason\": {\"head\": {,}}}", ":1:22: error: expected a member name in double quotes or '}', found ','"),
        (#"{"head": {"actions": {}}}"#, ":1:1: error: no \"$jason\" key"),
        (#"{"$jason": {"head": {"actions": {"$load": {"type": true}}}}}"#, ":1:52: error: 'type' must be a string"),
        (#"{"$jason": {"head": {"actions": {"$load": 12}}}}"#, ":1:43: error: an action must be an object"),
    ])
    func invalidDocumentsExitSixtyFive(text: String, message: String) async throws {
        let file = try Paths.write(text)
        let r = await jasonrun([file.path])
        #expect(r.status == 65)
        #expect(r.err.hasPrefix(file.path + message))
    }

    @Test func missingFileExitsSixtySix() async {
        let r = await jasonrun(["/nonexistent/flow.json"])
        #expect(r.status == 66)
        #expect(r.err == "jasonrun: /nonexistent/flow.json: no such file or not readable\n")
    }

    @Test func usageErrorsExitSixtyFour() async {
        #expect(await jasonrun(["--no-such-option", "x.json"]).status == 64)
        #expect(await jasonrun([]).status == 64)
        #expect(await jasonrun(["x.json", "--trace=xml"]).status == 64)
        #expect(await jasonrun(["x.json", "--max-steps", "-3"]).status == 64)
    }

    @Test func helpExitsZeroAndNamesTheExitCodes() async {
        let r = await jasonrun(["run", "--help"])
        #expect(r.status == 0)
        let words = r.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("65 invalid document"))
    }

    @Test func dashReadsStandardInput() async {
        let r = await jasonrun(["-"], input: #"{"type": "$util.banner", "options": {"title": "from stdin"}}"#)
        #expect(r.status == 0)
        #expect(r.out == "[banner] from stdin\n")
        let bad = await jasonrun(["-"], input: "{")
        #expect(bad.status == 65)
        #expect(bad.err.hasPrefix("<stdin>:1:2: error: expected a member name"))
    }

    @Test func runawayLoopsStopWithTheStepLimitsStatus() async throws {
        let file = try Paths.write(#"{"$jason": {"head": {"actions": {"$load": {"trigger": "f"}, "f": {"trigger": "f"}}}}}"#)
        let r = await jasonrun([file.path, "--max-steps", "1000"])
        #expect(r.status == 80)
        #expect(r.err.contains("[step-limit]"))
    }

    @Test func documentWithNothingToRunSaysSo() async throws {
        let file = try Paths.write(#"{"$jason": {"body": {}}}"#)
        let r = await jasonrun([file.path])
        #expect(r.status == 0)
        #expect(r.err.contains("nothing to run"))
    }

    @Test func jsonTraceIsOneJSONObjectPerLine() async throws {
        let file = try Paths.write(#"""
            {"$jason": {"head": {"actions": {
              "$load": {"type": "$set", "options": {"a": 1}, "success": {"trigger": "f"}},
              "f": {"type": "$nosuch.y", "options": {"t": "{{$get.a}} {{$jason.q}}"}}}}}}
            """#)
        let r = await jasonrun([file.path, "--trace=json"])
        #expect(r.status == 1)
        let events = try r.err.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let kinds = events.compactMap { $0["event"]?.stringValue }
        #expect(kinds == ["chain", "run", "success", "branch", "run", "run", "error", "branch", "end", "diagnostic",
                          "diagnostic"])
        #expect(events.compactMap { $0["seq"]?.doubleValue } == (1...9).map(Double.init))
        let failing = events[6]
        #expect(failing["pointer"] == "/$jason/head/actions/f")
        #expect(failing["line"] == 3)
        #expect(events[5]["options"] == ["t": "1 {{$jason.q}}"])
        #expect(events[5]["template_diagnostics"]?[0]?["expression"] == "$jason.q")
        #expect(events[9]["id"] == "template")
        #expect(events.last?["id"] == "unknown-action")
    }

    @Test func textTraceShowsEachBoundary() async throws {
        let file = try Paths.write(#"{"type": "$set", "options": {"a": "{{$get.nope}}"}}"#)
        let r = await jasonrun(["--trace", file.path])
        #expect(r.status == 0)
        #expect(r.err.contains("trace: #2 @0s run   $set  \(file.path):1:1 /"))
        #expect(r.err.contains("template \(file.path):1:36 /options/a: {{$get.nope}} is undefined; left as written"))
        #expect(r.err.contains("trace: #3 @0s ok    $set  $jason=undefined"))
    }
}
