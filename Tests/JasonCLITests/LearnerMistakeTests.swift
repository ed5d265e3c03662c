import Foundation
import TestSupport
import Testing

/// The mistakes a learner makes following the Tutorial, each said where it was made (issue 31),
/// through the binary.
@Suite struct LearnerMistakeTests {
    let binary = BinaryTests()

    func document(_ actions: String, extra: String = "") -> String {
        #"{"$jason": {"head": {\#(extra)"actions": {\#(actions)}}}}"#
    }

    @Test func nextWhereSuccessWasMeantIsNamedByARunAndByCheck() throws {
        let file = try Paths.write(#"{"type": "$util.toast", "options": {"text": "hi"}, "next": {"type": "$util.toast"}}"#)
        for arguments in [[file.path], ["check", file.path]] {
            let r = try binary.launch(arguments, persist: true)
            #expect(r.status == 0)
            #expect((r.err + r.out).contains("flow.json:1:52: warning: unknown key \"next\" on an action; did you mean \"success\"?"),
                    "\(r.err) \(r.out)")
        }
    }

    /// One set of rules, item 1: a misspelt option is warned of by a run as by `check`, with the same id, place
    /// and did-you-mean, once however often the action runs.
    @Test func aMisspeltOptionIsNamedByARunAndByCheckAtTheSamePlace() throws {
        let file = try Paths.write(document(#"""
            "$load": {"trigger": "toast"},
            "toast": {"type": "$util.toast", "options": {"txt": "hi"},
                      "success": [{"{{#if !$get.again}}": {"type": "$set", "options": {"again": true}, "success": {"trigger": "toast"}}}]}
            """#))
        let expected = "flow.json:2:46: warning: $util.toast has no option 'txt'; did you mean 'text'? [unknown-option]"
        let run = try binary.launch([file.path])
        #expect(run.status == 0)
        #expect(run.out == "[toast] Updated\n[toast] Updated\n")
        #expect(run.err.contains(expected), "\(run.err)")
        #expect(run.err.components(separatedBy: "[unknown-option]").count == 2, "\(run.err)")
        let check = try binary.launch(["check", file.path], persist: true)
        #expect(check.out.contains(expected), "\(check.out)")
    }

    @Test func aLambdaWithoutReturnWhileItsCallerWaitsIsReported() throws {
        let file = try Paths.write(document(#"""
            "$load": {"trigger": "greet", "success": {"type": "$util.toast", "options": {"text": "after"}}},
            "greet": {"type": "$util.toast", "options": {"text": "hello"}}
            """#))
        let r = try binary.launch([file.path, "--trace"])
        #expect(r.out == "[toast] hello\n")
        #expect(r.err.contains("warning: the lambda 'greet' ended without $return.success or $return.error, so the success of this call never runs [no-return]"), "\(r.err)")
        // A tail call waits for nothing: no warning.
        let tail = try Paths.write(document(#""$load": {"trigger": "greet"}, "greet": {"type": "$util.toast", "options": {"text": "hello"}}"#))
        #expect(!(try binary.launch([tail.path]).err.contains("no-return")))
    }

    @Test func templatesThatFailInTheREPLAreReported() throws {
        let file = try Paths.write(document(#""$load": {"type": "$util.toast", "options": {"text": "{{$jason.nme.first}}"}}"#))
        let r = try binary.launch(["repl", file.path], stdin: "run\n{\"type\": \"$util.toast\", \"options\": {\"text\": \"{{nosuch}}\"}}\n",
                                  persist: true)
        #expect(r.out.contains("warning: {{$jason.nme.first}} threw"), "\(r.out)")
        #expect(r.out.contains("<repl>: warning: {{nosuch}} threw: ReferenceError"), "\(r.out)")
    }

    @Test func aConditionThatCannotBeSeenInsideALoopIsReportedWithTheWayOut() throws {
        let body = #"""
            "data": {"budget": 10, "items": [{"p": 5}, {"p": 20}]},
            "templates": {"body": {"sections": [{"items": {"{{#each items}}": [
              {"{{#if p > budget}}": {"type": "label", "text": "{{p}} too much"}}, {"{{#else}}": {"type": "label", "text": "ok"}}]}}]}},
            """#
        let file = try Paths.write(document(#""$load": {"type": "$util.toast", "options": {"text": "hi"}}"#, extra: body))
        let r = try binary.launch([file.path, "--strict", "--render", "none"])
        #expect(r.status == 1)
        #expect(r.err.contains("{{p > budget}} threw: ReferenceError: Can't find variable: budget"), "\(r.err)")
        #expect(r.err.contains("the document's data is $root ($root.budget)"))
        // check sees a document variable named bare in a loop.
        let loop = try Paths.write(#"{"type": "$util.toast", "options": {"text": {"{{#each $get.items}}": "{{$get.budget}}"}}}"#)
        let check = try binary.launch(["check", loop.path], persist: true)
        #expect(check.out.contains("so $get is not there: write $root.$get [loop-scope]"), "\(check.out)")
    }

    @Test func anUnclosedBraceAndAMisspeltVariableAreNamed() throws {
        let file = try Paths.write(#"{"type": "$util.toast", "options": {"text": "{{$json.name}} and {{$jason.name} wants {{1}}"}}"#)
        let r = try binary.launch([file.path, "--jason", #"{"name": "Ann"}"#])
        #expect(r.err.contains("flow.json:1:46: warning: {{$json.name}} threw: ReferenceError: Can't find variable: $json; left as written; did you mean $jason?"),
                "\(r.err)")
        #expect(r.err.contains("flow.json:1:65: warning: the {{ here is never closed before the next {{ (is a } missing?)"), "\(r.err)")
    }

    @Test func aMisspeltBranchOrTypeIsNamedAtTheKeyByARunAndByCheckAlike() throws {
        let elsif = try Paths.write(document(#"""
            "$load": [{"{{#if 1 > 2}}": {"type": "$util.toast"}}, {"{{#elsif 2 > 1}}": {"type": "$util.toast"}}]
            """#))
        let run = try binary.launch([elsif.path])
        #expect(run.status == 1)
        #expect(run.err.contains("\"{{#elsif 2 > 1}}\" is not a branch of a conditional; did you mean {{#elseif …}}?"), "\(run.err)")
        let typ = try Paths.write(document(#""$load": {"typ": "$util.toast"}"#))
        let typRun = try binary.launch([typ.path])
        let typCheck = try binary.launch(["check", typ.path], persist: true)
        #expect(typRun.status == 1 && typCheck.status == 1)
        let said = "flow.json:1:44: error: an action needs a 'type' or a 'trigger'; did you mean \"type\" for \"typ\"?"
        #expect(typRun.err.contains(said), "\(typRun.err)")
        #expect(typCheck.out.contains(said), "\(typCheck.out)")
        #expect(typCheck.out.hasSuffix("1 file checked: 1 error, 0 warnings\n"))
    }

    @Test func checkCountsAFileThatIsNotJSONAndOneThatCannotBeRead() throws {
        let broken = try Paths.write(#"{"type": "#)
        let r = try binary.launch(["check", broken.path, "/nonexistent/flow.json"], persist: true)
        #expect(r.status == 66)
        #expect(r.out.hasSuffix("1 file checked: 1 error, 0 warnings; 1 could not be read\n"), "\(r.out)")
    }

    @Test func theREPLSuggestsCommandsNamesAndTypes() throws {
        let file = try Paths.write(document(#""$load": {"trigger": "farewell"}, "farewell": {"type": "$util.toast"}"#))
        let r = try binary.launch(["repl", file.path], stdin: "brek $util.toast\nbreak farwell\nbreak $util.toats\n", persist: true)
        #expect(r.out.contains("unknown command 'brek'; did you mean 'break'?"), "\(r.out)")
        #expect(r.out.contains("'farwell' is not an action type ($…), a head.actions name, a JSON pointer (/…), error or unhandled; did you mean 'farewell'?"))
        #expect(r.out.contains("did you mean '$util.toast'?"))
    }

    /// Fidelity round 4, item 8: a body written as it is shown is drawn at load in the terminal too, as the
    /// phone draws it; `$render` with nothing to draw says so; a `$get` changed after the last `$render` of
    /// a body that reads it, with no `$render` after, is named at that `$render`.
    @Test func theTerminalShowsWhatThePhoneShows() throws {
        let fixed = try Paths.write(#"{"$jason": {"head": {"actions": {"$load": {"type": "$util.toast", "options": {"text": "hi"}}}}, "body": {"sections": [{"items": [{"type": "label", "text": "Hello"}]}]}}}"#)
        let drawn = try binary.launch([fixed.path, "--render", "tree"])
        #expect(drawn.out == "body\n└─ sections[0]\n   └─ label \"Hello\"\n[toast] hi\n", "\(drawn.out)")

        let nothing = try Paths.write(document(#""$load": {"type": "$render", "options": {"template": "bdy"}}"#,
                                               extra: #""templates": {"body": {"sections": []}}, "#))
        let said = try binary.launch([nothing.path])
        #expect(said.err.contains("flow.json:1:84: warning: $render has nothing to draw: head.templates has no 'bdy' (it has 'body'); did you mean 'body'? [template]"),
                "\(said.err)")

        let stale = try Paths.write(document(#""$load": {"type": "$set", "options": {"n": 1}, "success": {"type": "$render", "success": {"type": "$set", "options": {"n": 2}}}}"#,
                                             extra: #""templates": {"body": {"sections": [{"items": [{"type": "label", "text": "{{$get.n}}"}]}]}}, "#))
        let old = try binary.launch([stale.path, "--render", "tree"])
        #expect(old.out.contains("label \"1\""), "\(old.out)")
        #expect(old.err.contains("warning: $get.n changed after this $render drew head.templates.body, and the chain ended without drawing again"),
                "\(old.err)")
        #expect(old.err.contains("at /$jason/head/actions/$load/success\n"), "\(old.err)")
    }
}
