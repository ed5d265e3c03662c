import JasonActions
import JasonJSON
import JasonDebugger
import JasonREPL
import JasonRuntime
import Synchronization
import Testing

/// At a terminal the REPL's user answers prompting actions, and `back` replays those answers instead
/// of asking again.
@Suite struct REPLPromptTests {
    @Test func theUserAnswersPromptsOnceEvenAcrossBack() async {
        let lines = Mutex([
            #"{"type": "$util.alert", "options": {"title": "Name?", "form": [{"name": "who"}]}, "success": {"type": "$util.toast", "options": {"text": "hi {{$jason.who}}"}}}"#,
            "Ann",
            "back",
            "continue",
        ])
        let output = Mutex("")
        let setup = SessionSetup(registry: StandardLibrary.registry) { console in ActionEnvironment(console: console) }
        let repl = await REPL(document: nil, setup: setup, reader: { _ in
            PlainLineReader { lines.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
        }, asksUser: true, write: { text in output.withLock { $0 += text } }, describe: { $0.message + "\n" })
        _ = await repl.run()
        let text = output.withLock { $0 }
        #expect(text.components(separatedBy: "[toast] hi Ann").count == 3, "\(text)")   // the run, then the replayed run
        #expect(text.contains("went back one action\n→ $util.toast"))
        #expect(!text.contains("hi continue"))
    }
}
