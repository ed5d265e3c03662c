import JasonCLI
import TestSupport
import Testing

/// Prompting actions from the command line: stub answers, a person typing, and nobody.
@Suite struct PromptOptionTests {
    let flow = #"""
        {"type": "$util.alert", "options": {"title": "Who?", "form": [{"name": "name", "value": "guest"}]},
         "success": {"type": "$util.toast", "options": {"text": "hello {{$jason.name}}"}},
         "error": {"type": "$util.toast", "options": {"text": "{{$jason.message}}"}}}
        """#

    func jasonrun(_ arguments: [String], typed: [String]? = nil) async -> (status: Int32, out: String) {
        let io = CapturedIO(typed: typed)
        let status = await Jasonrun.main(arguments + ["--no-persist"], io: io)
        return (status, io.out)
    }

    @Test func answersComeFromStubsThenThePersonThenDefaults() async throws {
        let file = try Paths.write(flow).path
        let stubs = try Paths.write(#"{"answers": {"$util.alert": [{"value": {"name": "stub"}}, {"cancel": true}]}}"#,
                                    name: "stubs.json").path
        #expect(await jasonrun([file, "--stubs", stubs]).out == "[alert] Who?\n[toast] hello stub\n")
        #expect(await jasonrun([file], typed: ["ann"]).out == "[alert] Who?\n[toast] hello ann\n")
        #expect(await jasonrun([file], typed: []).out == "[alert] Who?\n[toast] cancelled\n")
        #expect(await jasonrun([file]).out == "[alert] Who?\n[toast] hello guest\n")
    }

    /// Issue 12, item 16: a choice that names no item is asked again instead of ending the chain.
    @Test func aPickerAsksAgainUntilTheChoiceNamesAnItem() async throws {
        let picker = try Paths.write(#"""
            {"type": "$util.picker", "options": {"title": "Size", "items": [
              {"text": "small", "action": {"type": "$util.toast", "options": {"text": "chose small"}}},
              {"text": "large", "action": {"type": "$util.toast", "options": {"text": "chose large"}}}]}}
            """#).path
        let r = await jasonrun([picker], typed: ["7", "huge", "2"])
        #expect(r.out.hasSuffix("[toast] chose large\n"), "\(r.out)")
        #expect(await jasonrun([picker], typed: ["7", ""]).out.contains("[toast]") == false)
    }
}
