import JasonActions
import JasonJSON
import JasonRuntime
import Synchronization
import TestSupport
import Testing

/// The view stack: `$href`, `$ok`, `$close`, `$back`, `$reload` (R32–R34, S12, S14, S15, S24).
@Suite struct ViewTests {
    let home = "https://app.example.com/a/index.json"

    func page(_ actions: String) -> String { #"{"$jason": {"head": {"actions": {\#(actions)}}}}"# }

    func runA(_ actions: String, pages: [String: String], registry: ActionRegistry = StandardLibrary.registry)
        async throws -> Outcome
    {
        // The host's hold on the interpreter's mailbox, for `$test.back` to press Back as a user would.
        try await run(page(actions), viewURL: home, transport: Pages(pages: pages), registry: registry) { interpreter in
            host.mailbox.withLock { $0 = interpreter.mailbox }
        }
    }

    /// What the host holds: the interpreter's mailbox (handlers are not given the interpreter).
    final class Host: Sendable {
        let mailbox = Mutex<HostMailbox?>(nil)
    }

    let host = Host()

    @Test func okResumesTheHrefWithItsOptions() async throws {
        // S14: B returns {"pick": "x"}; A's $href success sees it as $jason. The URL is relative to A's.
        let r = try await runA(#"""
            "$load": {"type": "$href", "options": {"url": "b.json", "options": {"who": "Ann"}},
                      "success": {"type": "$util.toast", "options": {"text": "picked {{$jason.pick}}"}}}
            """#, pages: ["https://app.example.com/a/b.json": page(#"""
            "$load": {"type": "$util.toast", "options": {"text": "B for {{$params.who}}"},
                      "success": {"type": "$ok", "options": {"pick": "x"}}}
            """#)])
        #expect(r.printed == ["[toast] B for Ann", "[toast] picked x"])
        #expect(r.diagnostics.isEmpty)
        #expect(r.interpreter.views.count == 1)
    }

    @Test func closeFromAModalKeepsItsValue() async throws {
        // S14 as changed by DESIGN §2.5: iOS loses $close's options; we keep them.
        let r = try await runA(#"""
            "$load": {"type": "$href", "options": {"url": "b.json", "transition": "modal"},
                      "success": {"type": "$util.toast", "options": {"text": "picked {{$jason.pick}}"}}}
            """#, pages: ["https://app.example.com/a/b.json": page(#""$load": {"type": "$close", "options": {"pick": "x"}}"#)])
        #expect(r.printed == ["[toast] picked x"])
    }

    @Test func okToAViewOpenedWithoutBranchesShowsItAgainWithoutReloading() async throws {
        // S15 as changed by DESIGN §2.5: no reload ($load runs once), the view shows again ($show).
        let r = try await runA(#"""
            "$load": {"type": "$util.toast", "options": {"text": "A loads"}, "success": {"type": "$href", "options": {"url": "b.json"}}},
            "$show": {"type": "$util.toast", "options": {"text": "A shows"}}
            """#, pages: ["https://app.example.com/a/b.json": page(#""$load": {"type": "$ok", "options": {"pick": "x"}}"#)])
        #expect(r.printed == ["[toast] A loads", "[toast] A shows"])
    }

    @Test func backShowsThePreviousViewAndFailsOnTheFirst() async throws {
        let r = try await runA(#"""
            "$load": {"type": "$href", "options": {"url": "https://app.example.com/b.json"},
                      "success": {"type": "$util.toast", "options": {"text": "never"}}},
            "$show": {"type": "$util.toast", "options": {"text": "A again"}}
            """#, pages: ["https://app.example.com/b.json": page(#""$load": {"type": "$back"}"#)])
        #expect(r.printed == ["[toast] A again"])
        let first = try await runA(#""$load": {"type": "$back", "error": {"type": "$util.toast", "options": {"text": "{{$jason.message}}"}}}"#,
                                   pages: [:])
        #expect(first.printed == ["[toast] $back: this is the first view, there is nothing to go back to"])
    }

    @Test func aDocumentThatCannotBeOpenedTakesTheErrorBranch() async throws {
        let r = try await runA(#"""
            "$load": {"type": "$href", "options": {"url": "missing.json"},
                      "error": {"type": "$util.toast", "options": {"text": "{{$jason.url}}: {{$jason.message}}"}}}
            """#, pages: ["https://app.example.com/a/bad.json": "{"])
        #expect(r.printed == ["[toast] https://app.example.com/a/missing.json: offline: no page at https://app.example.com/a/missing.json"])
        let bad = try await runA(#""$load": {"type": "$href", "options": {"url": "bad.json"}}"#,
                                 pages: ["https://app.example.com/a/bad.json": "{\"$jason\": 3}"])
        #expect(bad.diagnostics.first?.id == .navigation)
        #expect(bad.diagnostics.first?.message.contains("https://app.example.com/a/bad.json:1:12: \"$jason\" must be an object, found number (at /$jason)") == true)
    }

    @Test func webViewsPrintTheURLAndTheChainEnds() async throws {
        let r = try await runA(#"""
            "$load": {"type": "$href", "options": {"url": "https://example.org", "view": "web"},
                      "success": {"type": "$util.toast", "options": {"text": "never"}}}
            """#, pages: [:])
        #expect(r.printed == ["[open web] https://example.org"])
    }

    @Test func reloadRunsLoadAgainWithFreshVariables() async throws {
        let flow = #"""
            "$load": {"type": "$util.toast", "options": {"text": "load get={{$get.n}} global={{$global.n}}"},
              "success": {"type": "$set", "options": {"n": 1},
                "success": {"type": "$global.set", "options": {"n": "{{($global.n || 0) + 1}}"},
                  "success": [{"{{#if $global.n < 2}}": {"type": "$reload", "success": {"type": "$util.toast", "options": {"text": "never"}}}}]}}}
            """#
        let r = try await runA(flow, pages: [home: page(flow)])
        #expect(r.printed == ["[toast] load get={{$get.n}} global={{$global.n}}", "[toast] load get={{$get.n}} global=1"])
    }

    /// `$test.tap` posts a tap on an item whose action prints "tapped" while it runs; `$test.back` has the
    /// user press Back while it runs.
    var registry: ActionRegistry {
        var registry = StandardLibrary.registry
        registry.register(group: "test", [
            "tap": ClosureHandler { _, context in
                context.queue.post(QueuedCall(.json(["type": "$util.toast", "options": ["text": "tapped"]], origin: "tap")))
                return ["done": true]
            },
            "back": ClosureHandler { [host] _, _ in
                host.mailbox.withLock { $0 }?.post(.back)
                return ["done": true]
            },
        ])
        return registry
    }

    @Test func aTapWaitsForTheChainAndIsDroppedWhenItNavigates() async throws {
        // S12: queued FIFO behind the running chain; discarded by $href.
        let queued = try await runA(#"""
            "$load": {"type": "$test.tap", "success": {"type": "$util.toast", "options": {"text": "first chain"}}}
            """#, pages: [:], registry: registry)
        #expect(queued.printed == ["[toast] first chain", "[toast] tapped"])
        let dropped = try await runA(#"""
            "$load": {"type": "$test.tap", "success": {"type": "$href", "options": {"url": "b.json"}}}
            """#, pages: ["https://app.example.com/a/b.json": page(#""$load": {"type": "$util.toast", "options": {"text": "B"}}"#)],
            registry: registry)
        #expect(dropped.printed == ["[toast] B"])
    }

    @Test func aResultForAViewThatWentAwayIsDropped() async throws {
        // S24: the user pressed Back while B's action ran; neither branch runs, A shows again.
        let r = try await runA(#"""
            "$load": {"type": "$href", "options": {"url": "b.json"}},
            "$show": {"type": "$util.toast", "options": {"text": "A again"}}
            """#, pages: ["https://app.example.com/a/b.json": page(#"""
            "$load": {"type": "$test.back", "success": {"type": "$util.toast", "options": {"text": "never"}},
                      "error": {"type": "$util.toast", "options": {"text": "never"}}}
            """#)], registry: registry)
        #expect(r.printed == ["[toast] A again"])
        #expect(r.diagnostics.isEmpty)
    }

    @Test func aRequestWithoutBranchesStillEndsItsChainOnlyWhenItCompletes() async throws {
        // S13 as changed by DESIGN §2.3: the tap waits for the response, even with nothing to run after it.
        let document = try Document.load(SourceFile(name: "flow.json", text: #"""
            {"type": "$test.tap", "success": {"type": "$network.request", "options": {"url": "https://api.example.com/slow"}}}
            """#))
        let transport = StubTransport(stubs: try StubFile.load(SourceFile(name: "s.json", text: #"""
            {"network": [{"request": {"url": "https://api.example.com/slow"}, "response": {"body": {"a": 1}, "delay": 3}}]}
            """#)).network, next: OfflineTransport(), clock: VirtualClock())
        let interpreter = Interpreter(document: document, registry: registry,
                                      environment: ActionEnvironment(console: RecordingConsole(), transport: transport))
        let order = Order()
        interpreter.observers.append(order)
        await interpreter.start()
        await interpreter.runUntilIdle()
        #expect(order.names == ["chain flow.json:1:1 /", "ok $test.tap", "ok $network.request", "chain tap", "ok $util.toast"])
    }
}

/// The names of chains started and actions completed, in order.
final class Order: ExecutionObserver {
    private let list = Mutex<[String]>([])
    var names: [String] { list.withLock { $0 } }
    func observe(_ event: ExecutionEvent) async {
        switch event {
        case .chainStarted(let origin): list.withLock { $0.append("chain " + origin) }
        case .succeeded(let step, _): list.withLock { $0.append("ok " + step.name) }
        default: break
        }
    }
}
