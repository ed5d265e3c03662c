import Foundation
import JasonJSON
import TestSupport
import Testing

/// Issue #12, batch side: each defect and each new option, through the real `jasonrun` binary.
@Suite struct BatchRunTests {
    let binary = BinaryTests()

    func run(_ arguments: [String], stdin: String = "") throws -> (status: Int32, out: String, err: String) {
        try binary.launch(arguments, stdin: stdin)
    }

    func flow(_ actions: String, extra: String = "") throws -> String {
        try Paths.write("{\"$jason\": {\"head\": {\(extra)\"actions\": {\n\(actions)\n}}}}").path
    }

    // 7. Template errors are located warnings, once per run; --strict makes them errors.
    @Test func unresolvedExpressionsWarnOncePerRun() throws {
        let file = try flow("""
            "$load": {"trigger": "show", "success": {"trigger": "show"}},
            "show": {"type": "$util.toast", "options": {"text": "{{$get.usr.name}} {{'x'.toFixed(2}}", "title": "{{$get.tilte}}"},
                     "success": {"type": "$return.success"}}
            """)
        let r = try run([file])
        #expect(r.status == 0)
        #expect(r.out == "[toast] {{$get.usr.name}} {{'x'.toFixed(2}}\n[toast] {{$get.usr.name}} {{'x'.toFixed(2}}\n")
        #expect(r.err.components(separatedBy: "{{$get.usr.name}} threw").count == 2)
        #expect(r.err.contains("\(file):3:54: warning: {{$get.usr.name}} threw: TypeError: undefined is not an object"))
        #expect(r.err.contains("{{'x'.toFixed(2}} threw: SyntaxError"))
        #expect(r.err.contains("  at /$jason/head/actions/show/options/text"))
        #expect(r.err.contains("warning: {{$get.tilte}} is undefined; left as written [template]\n  at /$jason/head/actions/show/options/title"))
        let strict = try run([file, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.err.contains("error: {{$get.usr.name}} threw"))
        #expect(strict.out == r.out)
    }

    /// Issue #25, 7: every {{ }} of a drawn body that throws or stays unresolved is reported (an error
    /// with --strict); those in what a tap runs are rendered again then, and are left alone.
    @Test func errorsInRenderedBodiesAreReported() throws {
        let file = try flow(#""$load": {"type": "$render"}"#,
                            extra: #""templates": {"body": {"title": "{{[1,2].map(}}", "now": "{{$jason.x}}", "gone": "{{nope()}}", "#
                                + #""sections": [{"items": [{"type": "label", "text": "t", "action": {"type": "$util.toast", "options": {"text": "{{$jason.y}}"}}}]}]}}, "#)
        let r = try run([file, "--render", "none"])
        #expect(r.status == 0)
        #expect(r.err.contains("warning: {{[1,2].map(}} threw: SyntaxError"))
        #expect(r.err.contains("  at /$jason/head/templates/body/title"))
        #expect(r.err.contains("warning: {{$jason.x}} threw: TypeError: undefined is not an object"))
        #expect(r.err.contains("warning: {{nope()}} threw: ReferenceError: Can't find variable: nope"))
        #expect(!r.err.contains("{{$jason.y}}"))
        let strict = try run([file, "--render", "none", "--strict"])
        #expect(strict.status == 1)
        #expect(strict.err.contains("error: {{nope()}} threw"))
    }

    @Test func anUnclosedTemplateIsFlagged() throws {
        let file = try flow(#""$load": {"type": "$util.toast", "options": {"text": "{{$get.x"}}"#)
        let r = try run([file])
        #expect(r.err.contains(":2:54: warning: \"{{$get.x\" opens {{ and never closes it"))
        #expect(r.err.contains("[unclosed-template]"))
        #expect(r.out == "[toast] {{$get.x\n")
    }

    // 8. The spaced form of --trace.
    @Test func traceTakesItsFormatAfterASpace() throws {
        let file = try Paths.write(#"{"type": "$set", "options": {"a": 1}}"#).path
        let text = try run([file, "--trace", "text"])
        #expect(text.status == 0)
        #expect(text.err.contains("trace: #1 @0s chain /"))
        let json = try run(["--trace", "json", file])
        #expect(json.status == 0)
        #expect(try json.err.split(separator: "\n").allSatisfy { try JSONParser.parse(String($0))["seq"] != nil })
    }

    // 9.
    @Test func versionIsPrinted() throws {
        let r = try binary.launchBare(["--version"])
        #expect(r.status == 0)
        #expect(r.out == "jasonrun 0.2.0\n")
    }

    // 10. Structural typos are located warnings with a did-you-mean.
    @Test func structuralTyposAreNamed() throws {
        let file = try Paths.write("""
            {"$jason": {"haed": {},
             "head": {"action": {"$lod": {"type": "$util.toast", "sucess": {}}}}}}
            """).path
        let r = try run([file])
        #expect(r.status == 0)
        #expect(r.err.contains("\(file):1:21: warning: unknown key \"haed\"; did you mean \"head\"? [unknown-key]"))
        #expect(r.err.contains(":2:21: warning: unknown key \"action\"; did you mean \"actions\"?"))
        #expect(r.err.contains("nothing to run"))
        let inner = try flow(#""$lod": {"type": "$util.toast", "options": {"text": "x"}, "sucess": {}}"#)
        let second = try run([inner])
        #expect(second.err.contains("unknown key \"$lod\"; did you mean \"$load\"?"))
        #expect(second.err.contains("unknown key \"sucess\" on an action; did you mean \"success\"?"))
    }

    // 11. A window of the source line, not the whole minified line.
    @Test func longLinesAreCutAroundTheColumn() throws {
        let padding = (0..<200).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let text = "{\"$jason\": {\"head\": {\"data\": {\(padding)}, \"actions\": {\"$load\": {\"type\": \"$nosuch.x\"}}}, \"body\": {\(padding)}}}"
        let file = try Paths.write(text).path
        let r = try run([file])
        #expect(r.status == 1)
        #expect(text.utf8.count > 4000)
        #expect(r.err.utf8.count < 800)
        let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let source = try #require(lines.first { $0.hasPrefix("  1 | ") })
        let caret = try #require(lines.first { $0.hasSuffix("^") })
        #expect(source.hasPrefix("  1 | …") && source.hasSuffix("…"))
        let column = caret.count - 1
        let marked = Array(source)[column...]
        #expect(String(marked).hasPrefix("\"$nosuch.x\"}"))   // the caret is under the type
    }

    // 12. JSON lines only on standard error, or the trace in its own file.
    @Test func jsonTraceOnStandardErrorIsOnlyJSON() throws {
        let file = try Paths.write(#"{"type": "$log.info", "options": {"text": "hello"}, "success": {"type": "$nosuch.q"}}"#).path
        let r = try run([file, "--trace=json"])
        #expect(r.status == 1)
        let events = try r.err.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(events.contains { $0["event"] == "log" && $0["text"] == "[info] hello" })
        #expect(events.contains { $0["event"] == "diagnostic" && $0["id"] == "unknown-action" })
        let traceFile = try Paths.write("", name: "trace.jsonl").path
        let split = try run([file, "--trace", "json", "--trace-file", traceFile])
        #expect(split.err.hasPrefix("[info] hello\n"))
        #expect(split.err.contains("[unknown-action]"))
        let trace = try String(contentsOfFile: traceFile, encoding: .utf8)
        let traced = try trace.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(traced.first?["event"] == "chain" && traced.first?["seq"] == 1)
        #expect(!trace.contains("\"event\":\"log\""))
    }

    // 13 (part) and the catalog.
    @Test func helpListsTheActionsAndSuggests() throws {
        let all = try binary.launchBare(["help"])
        #expect(all.status == 0)
        #expect(all.out.contains("\n$util\n"))
        #expect(all.out.contains("  $util.alert"))
        #expect(all.out.contains("  trigger"))
        let typo = try binary.launchBare(["help", "$utill.alert"])
        #expect(typo.status == 64)
        #expect(typo.err.contains("no such action '$utill.alert'; did you mean $util.alert?"))
    }

    // 18. 0 means no limit for --time-limit too.
    @Test func zeroTimeLimitMeansNoLimit() throws {
        let file = try Paths.write(#"""
            {"type": "$timer.start", "options": {"interval": 120, "action": {"type": "$util.toast", "options": {"text": "late"}}}}
            """#).path
        #expect(try run([file]).out.isEmpty)
        let r = try run([file, "--time-limit", "0"])
        #expect(r.status == 0)
        #expect(r.out == "[toast] late\n")
    }
}

extension BinaryTests {
    /// The binary with exactly these arguments (no --no-persist added).
    func launchBare(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try launch(arguments, persist: true)
    }
}
