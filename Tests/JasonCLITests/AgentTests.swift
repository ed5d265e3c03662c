import Foundation
import JasonJSON
import TestSupport
import Testing

/// Agents (`head.agents`, `$agent.*`, spec §4) through the real binary: each runs its page's scripts in
/// a JavaScript context of its own, with the phone's bridge.
@Suite struct AgentTests {
    let binary = BinaryTests()

    static let page = """
        <html><head>
        <script src="lib.js"></script>
        <script>
        var calls = 0;
        function add(a, b) { calls++; $agent.response({sum: a + b, calls: calls}); }
        function later(x) { setTimeout(function () { $agent.response({later: x}); }, 10); }
        function tell(name) { $agent.trigger(name, {from: "agent"}); $agent.response("told"); }
        function go() { $agent.href({url: "file://second.json"}); $agent.response(null); }
        function ask() { $agent.request({id: "helper", method: "double", params: [21]}, function (v) { $agent.response({asked: v}); }); }
        function silent() {}
        function boom() { throw new Error("kaboom"); }
        function spin() { while (true) {} }
        function paint() { document.body.innerHTML = "x"; $agent.response(1); }
        console.log("loaded with", LIB);
        </script>
        </head><body></body></html>
        """

    /// A folder with the agent pages and `flow.json` running `chain` as `$load`.
    static func flow(_ chain: String, agents: String = #""calc": {"url": "file://agent.html"}, "helper": {"url": "file://helper.html"}"#,
                     extra: [String: String] = [:]) throws -> String {
        try MixinTests.folder([
            "flow.json": #"{"$jason": {"head": {"agents": {\#(agents)}, "actions": {"told": {"type": "$util.toast", "options": {"text": "triggered by {{$jason.from}}"}}, "$load": \#(chain)}}}}"#,
            "agent.html": page,
            "lib.js": #"var LIB = "lib.js";"#,
            "helper.html": "<script>function double(x) { $agent.response(x * 2); }</script>",
            "second.json": #"{"$jason": {"head": {"actions": {"$load": {"type": "$util.toast", "options": {"text": "second view"}}}}}}"#,
        ].merging(extra) { $1 })
    }

    static func request(_ method: String, _ params: String = "[]", id: String = "calc", then: String = "") -> String {
        #"{"type": "$agent.request", "options": {"id": "\#(id)", "method": "\#(method)", "params": \#(params)}\#(then)}"#
    }

    static func toast(_ text: String, then: String = "") -> String {
        #"{"type": "$util.toast", "options": {"text": "\#(text)"}\#(then)}"#
    }

    @Test func aRequestIsAnsweredByTheAgentsResponseAndTheAgentKeepsItsState() throws {
        let chain = Self.request("add", "[2, 3]", then: #", "success": \#(Self.request("add", "[4, 5]", then: #", "success": \#(Self.toast("{{$jason.sum}} after {{$jason.calls}} calls"))"#))"#)
        let r = try binary.launch(["\(try Self.flow(chain))/flow.json"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "[agent calc] loaded with lib.js\n[toast] 9 after 2 calls\n", "\(r.err)")
    }

    @Test func aResponseFromATimerAndFromAnotherAgentBothArrive() throws {
        let chain = Self.request("later", #"["x"]"#, then: #", "success": \#(Self.request("ask", then: #", "success": \#(Self.toast("later, then asked {{$jason.asked}}"))"#))"#)
        let r = try binary.launch(["\(try Self.flow(chain))/flow.json"])
        #expect(r.out.hasSuffix("[toast] later, then asked 42\n"), "\(r.out)\(r.err)")
    }

    @Test func triggerRunsAHeadActionAndHrefOpensAView() throws {
        let chain = Self.request("tell", #"["told"]"#, then: #", "success": \#(Self.request("go"))"#)
        let r = try binary.launch(["\(try Self.flow(chain))/flow.json"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasSuffix("[toast] triggered by agent\n[toast] second view\n"), "\(r.out)")
    }

    @Test func injectedCodeRunsInTheAgent() throws {
        let inject = #"{"type": "$agent.inject", "options": {"id": "calc", "items": [{"text": "function hi(n) { $agent.response('hi ' + n); }"}]}, "success": \#(Self.request("hi", #"["Ada"]"#, then: #", "success": \#(Self.toast("{{$jason}}"))"#))}"#
        let r = try binary.launch(["\(try Self.flow(inject))/flow.json"])
        #expect(r.out.hasSuffix("[toast] hi Ada\n"), "\(r.out)\(r.err)")
    }

    @Test func whatGoesWrongInsideAnAgentTakesTheErrorBranchSayingWhat() throws {
        let failing = ["boom": "agent 'calc': boom(…) threw: Error: kaboom",
                       "silent": "agent 'calc': silent(…) ended without calling $agent.response(…), so on the phone this action would wait for ever",
                       "paint": "agent 'calc': paint(…) threw: document.body is not available: agents run without a browser in the terminal (no DOM). Run the flow in jasonrun preview, where agents have a browser, or answer the request from the --stubs file",
                       "spin": "agent 'calc': spin(…) threw: stopped after running longer than 1 s"]
        for (method, message) in failing {
            let chain = Self.request(method, then: #", "error": \#(Self.toast("E {{$jason.message}}"))"#)
            let r = try binary.launch(["\(try Self.flow(chain))/flow.json"])
            #expect(r.status == 0, "\(method): \(r.err)")
            #expect(r.out.contains("[toast] E " + message), "\(method): \(r.out)")
        }
    }

    @Test func anAgentCannotEscapeTheRunsJavaScriptLimits() throws {
        let page = """
            <script>
            function catching() { for (;;) { try { while (true) {} } catch (e) {} } }
            function timers() { function again() { setTimeout(again, 0); } again(); }
            function flood() { for (;;) { $agent.trigger("nothing"); } }
            </script>
            <script>while (true) {}</script>
            """
        let failed = #"{"type": "$util.toast", "options": {"text": "{{$jason.message}}"}"#
        let chain = Self.request("catching", id: "esc", then: #", "error": \#(failed), "success": \#(Self.request("timers", id: "esc", then: #", "error": \#(failed), "success": \#(Self.request("flood", id: "esc", then: #", "error": \#(failed)}"#))}"#))}"#)
        let dir = try Self.flow(chain, agents: #""esc": {"url": "file://esc.html"}"#, extra: ["esc.html": page])
        let r = try binary.launch(["--js-time", "0.2s", "\(dir)/flow.json"])
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.out)\(r.err)")
        #expect(lines.first?.hasPrefix("[toast] agent 'esc': catching(…) threw: stopped after running longer than 200 ms") == true)
        #expect(lines.first?.contains("its page did not load completely (the script at file://\(dir)/esc.html:6: stopped") == true)
        #expect(lines.dropFirst().first?.hasPrefix("[toast] agent 'esc': timers(…) ended without calling $agent.response") == true)
        #expect(lines.last?.hasPrefix("[toast] agent 'esc': flood(…) threw: Error: the agent posted more than 10000 messages") == true)
    }

    @Test func aPageThatNeedsTheDOMSaysWhatWasMissingWhenItsAgentIsAsked() throws {
        let chain = Self.request("hello", id: "dom", then: #", "error": \#(Self.toast("E {{$jason.message}}"))"#)
        let dir = try Self.flow(chain, agents: #""dom": {"url": "file://dom.html"}"#, extra: [
            "dom.html": #"<script>document.getElementById("out").innerText = "hi"; window.hello = function () { $agent.response("hello"); };</script>"#,
        ])
        let r = try binary.launch(["\(dir)/flow.json"])
        #expect(r.out.contains("[toast] E agent 'dom': hello(…) threw: ReferenceError: Can't find variable: hello; its page did not load "
                               + "completely (the script at file://\(dir)/dom.html:1: document.getElementById is not available"), "\(r.out)")
        #expect(r.out.contains("Run the flow in jasonrun preview"), "\(r.out)")
    }

    @Test func aStubbedAnswerComesBeforeTheAgent() throws {
        let dir = try Self.flow(Self.request("add", "[1, 1]", then: #", "success": \#(Self.toast("{{$jason.sum}}"))"#),
                                extra: ["stubs.json": #"{"answers": {"$agent.request": {"value": {"sum": "stubbed"}}}}"#])
        let r = try binary.launch(["--stubs", "\(dir)/stubs.json", "\(dir)/flow.json"])
        // The agent is made as the view loads (its page logs), but the stub answers the request.
        #expect(r.out == "[agent calc] loaded with lib.js\n[toast] stubbed\n", "\(r.err)")
    }

    @Test func anAgentMayBeADataURLAndAnUnknownAgentIsNamed() throws {
        let page = "data:text/html,%3Cscript%3Efunction%20ping()%20%7B%20%24agent.response('pong')%3B%20%7D%3C%2Fscript%3E"
        let chain = Self.request("ping", id: "inline", then: #", "success": \#(Self.toast("{{$jason}}", then: #", "success": \#(Self.request("x", id: "nobody", then: #", "error": \#(Self.toast("{{$jason.message}}"))"#))"#))"#)
        let r = try binary.launch(["\(try Self.flow(chain, agents: #""inline": {"url": "\#(page)"}"#))/flow.json"])
        #expect(r.out == "[toast] pong\n[toast] no agent 'nobody': head.agents declares 'inline'\n", "\(r.out)\(r.err)")
    }

    @Test func clearEmptiesAnAgentAndRefreshStartsItAfresh() throws {
        let ask = { (then: String) in Self.request("add", "[1, 1]", then: then) }
        let chain = ask(#", "success": {"type": "$agent.clear", "options": {"id": "calc"}, "success": \#(ask(#", "error": \#(Self.toast("{{$jason.message}}", then: #", "success": {"type": "$agent.refresh", "options": {"id": "calc"}, "success": \#(ask(#", "success": \#(Self.toast("calls {{$jason.calls}}"))"#))}"#))"#))}"#)
        let r = try binary.launch(["\(try Self.flow(chain))/flow.json"])
        #expect(r.out.contains("[toast] agent 'calc' was cleared by $agent.clear; $agent.refresh loads it again\n"), "\(r.out)\(r.err)")
        #expect(r.out.hasSuffix("[toast] calls 1\n"), "\(r.out)")
    }

    @Test func goingBackOverAnAgentCallKeepsItsAnswerAndSaysTheAgentKeepsItsState() throws {
        let chain = Self.request("add", "[2, 3]", then: #", "success": \#(Self.toast("{{$jason.sum}}"))"#)
        let r = try binary.launch(["repl", "\(try Self.flow(chain))/flow.json"], stdin: "break $util.toast\nrun\nback\nprint $jason\nquit\ny\n",
                                  persist: true)
        #expect(r.out.contains("note: went back over $agent.request; the agent keeps its own JavaScript state"), "\(r.out)")
        #expect(r.out.contains("{\"sum\":5,\"calls\":1}"), "\(r.out)")
    }

    /// The corpus documents that use agents run offline: their agents' pages are not in the corpus (nor on
    /// the network), so each `$agent.*` fails into its error branch with a message, never a fault.
    @Test func theCorpusDocumentsWithAgentsRunOffline() throws {
        let stubs = Paths.fixtures("JasonCLITests").appendingPathComponent("corpus-stubs.json").path
        let documents = try Paths.shared("corpus/documents").filter { file in
            try String(contentsOf: file, encoding: .utf8).contains("$agent.")
        }
        #expect(documents.count >= 10)
        for file in documents {
            let r = try binary.launch(["--offline", "--stubs", stubs, "--max-steps", "10000", file.path])
            #expect([0, 1].contains(r.status), "\(file.lastPathComponent): \(r.err)")
            #expect(!r.err.contains("internal") && !r.err.contains("not available in a terminal"), "\(file.lastPathComponent): \(r.err)")
        }
    }

    /// Fidelity round 4, item 1: agents are made as the view loads, as on the phone: `$agent.clear` before
    /// any request leaves the agent cleared, and a page that triggers from its load handler does so then.
    @Test func agentsAreMadeAtViewLoad() throws {
        let page = #"<script>window.addEventListener("load", function () { $agent.trigger("told", {from: "load"}); }); function add(a, b) { $agent.response({sum: a + b}); }</script>"#
        let chain = #"{"type": "$agent.clear", "options": {"id": "calc"}, "success": \#(Self.request("add", "[1, 1]", then: #", "error": \#(Self.toast("{{$jason.message}}"))"#))}"#
        let r = try binary.launch(["\(try Self.flow(chain, extra: ["agent.html": page]))/flow.json"])
        #expect(r.out.contains("[toast] agent 'calc' was cleared by $agent.clear; $agent.refresh loads it again\n"), "\(r.out)\(r.err)")
        #expect(r.out.contains("[toast] triggered by load\n"), "\(r.out)\(r.err)")
    }

    /// Item 2: a view shown again after another makes its agents afresh: a counter starts over.
    @Test func comingBackToAViewMakesItsAgentsAfresh() throws {
        let page = #"<script>var n = 0; function count() { n += 1; $agent.response({n: n}); }</script>"#
        let back = #"{"type": "$href", "options": {"url": "file://second.json"}, "success": \#(Self.request("count", "[]", then: #", "success": \#(Self.toast("after {{$jason.n}}"))"#))}"#
        let chain = Self.request("count", "[]", then: #", "success": {"type": "$util.toast", "options": {"text": "before {{$jason.n}}"}, "success": \#(back)}"#)
        let second = #"{"$jason": {"head": {"actions": {"$load": {"type": "$ok"}}}}}"#
        let r = try binary.launch(["\(try Self.flow(chain, extra: ["agent.html": page, "second.json": second]))/flow.json"])
        #expect(r.out == "[toast] before 1\n[toast] after 1\n", "\(r.out)\(r.err)")
    }

    /// Item 3: `$agent` is not there while the page's own scripts run; the warning says why.
    @Test func agentIsUndefinedWhileThePageLoads() throws {
        let page = #"<script>$agent.trigger("told", {from: "top level"}); function add(a, b) { $agent.response({sum: a + b}); }</script>"#
        let chain = Self.request("add", "[1, 2]", then: #", "success": \#(Self.toast("sum {{$jason.sum}}"))"#)
        let r = try binary.launch(["\(try Self.flow(chain, extra: ["agent.html": page]))/flow.json"])
        #expect(!r.out.contains("triggered by top level"), "\(r.out)")
        #expect(r.out.contains("[toast] sum 3\n"), "\(r.out)\(r.err)")
        #expect(r.err.contains("Can't find variable: $agent; $agent exists after the page has loaded: call it from a function or an onload handler [agent]"),
                "\(r.err)")
    }
}
