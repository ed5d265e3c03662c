import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// The embedding API: custom groups in the seed's completion style, host screens, host events.
@Suite struct EmbeddingTests {
    /// `$shop.*`: `twice` completes twice, `never` lets go of its completion, `later` completes from
    /// another task, `refuse` fails with a payload.
    var registry: ActionRegistry {
        var registry = testRegistry
        registry.register(group: "shop", [
            "twice": CallbackHandler { _, _, done in
                done.success(["n": 1])
                done.success(["n": 2])
            },
            "never": CallbackHandler { _, _, _ in },
            "later": CallbackHandler { invocation, _, done in
                Task { done.success(["echo": invocation.options ?? .null]) }
            },
            "refuse": CallbackHandler { _, _, done in done.error(["message": "sold out"]) },
        ])
        registry.register(screen: "PaymentViewController", ClosureScreen { options, _ throws(ActionFailure) in
            guard options?["amount"] != nil else { throw ActionFailure(payload: ["message": "no amount"]) }
            return ["paid": options?["amount"] ?? .null]
        })
        return registry
    }

    @Test func aCompletionCountsOnceAndASecondOneIsReported() async throws {
        let r = try await run(#"{"type": "$shop.twice", "success": {"type": "$test.print", "options": "{{$jason}}"}}"#,
                              registry: registry)
        #expect(r.printed == [#"{"n":1}"#])
        #expect(r.diagnostics.map(\.id) == [.completion])
        #expect(r.diagnostics.first?.severity == .warning)
        #expect(r.diagnostics.first?.message == "$shop.twice completed more than once; this success() was ignored")
        #expect(r.diagnostics.first?.location?.description == "1:1")
    }

    @Test func aCompletionNeverCalledEndsTheActionInsteadOfHanging() async throws {
        let r = try await run(#"{"type": "$shop.never", "error": {"type": "$test.print", "options": "{{$jason.message}}"}}"#,
                              registry: registry)
        #expect(r.printed == [#""$shop.never never completed: its handler let go of the completion without calling success or error""#])
    }

    @Test func completionsMayComeFromElsewhereLater() async throws {
        let r = try await run(#"""
            {"type": "$shop.later", "options": {"a": 1}, "success": {"type": "$shop.refuse",
              "error": {"type": "$test.print", "options": "{{$jason.message}}"}}}
            """#, registry: registry)
        #expect(r.printed == [#""sold out""#])
    }

    @Test func aHostScreenAnswersLikeOk() async throws {
        let r = try await run(#"""
            {"type": "$href", "options": {"view": "PaymentViewController", "options": {"amount": 12}},
             "success": {"type": "$test.print", "options": "{{$jason}}",
               "success": {"type": "$href", "options": {"view": "PaymentViewController"},
                 "error": {"type": "$test.print", "options": "{{$jason.message}}"}}}}
            """#, registry: registry)
        #expect(r.printed == [#"{"paid":12}"#, #""no amount""#])
    }

    @Test func hostEventsQueueTheirActions() async throws {
        let document = try Document.load(SourceFile(name: "app.json", text: #"""
            {"$jason": {"head": {"actions": {
               "$pull": {"type": "$test.print", "options": "pulled {{$get.q}}"},
               "$foreground": {"type": "$test.print", "options": "back"}}},
             "body": {"sections": [{"items": [{"type": "label", "text": "Go", "action": {"type": "$test.print", "options": "tapped"}}]}]}}}
            """#))
        let console = RecordingConsole()
        let interpreter = Interpreter(document: document, registry: registry, console: console)
        await interpreter.start()
        let item = JSONPointer.root.appending("$jason").appending("body").appending("sections").appending(0)
            .appending("items").appending(0)
        #expect(interpreter.tap(document.root.value(at: item)!, at: item))
        #expect(!interpreter.tap(["type": "label"]))
        interpreter.input("q", value: "tea")
        interpreter.pull()
        interpreter.foreground()
        interpreter.send("nosuch")
        await interpreter.runUntilIdle()
        // The body written in the document is shown as the view loads, as the phone shows it.
        #expect(console.printed.dropFirst() == [#""tapped""#, #""pulled tea""#, #""back""#])
        #expect(console.printed.first?.hasPrefix("body: {\"sections\"") == true)
    }
}

extension EmbeddingTests {
    @Test func anInterpreterIsFreedWhenTheHostLetsGo() async throws {
        weak var released: Interpreter?
        do {
            let document = try Document.load(SourceFile(name: "a.json", text: #"{"type": "$set", "options": {"a": 1}}"#))
            let interpreter = Interpreter(document: document, registry: registry, console: RecordingConsole())
            await interpreter.start()
            await interpreter.runUntilIdle()
            released = interpreter
        }
        #expect(released == nil)
    }
}
