import Foundation
import TestSupport
import Testing

/// Issue #29: JavaScriptCore is loaded only when an expression needs it, and its absence is an error
/// only then. `JASONRUN_JAVASCRIPTCORE` points the loader at a file that is not the library.
@Suite struct EngineLoadingTests {
    let binary = BinaryTests()
    let missing = ["JASONRUN_JAVASCRIPTCORE": "/nonexistent/libjavascriptcoregtk-4.1.so.0"]

    func flow(_ text: String) throws -> String {
        try Paths.write("{\"$jason\": {\"head\": {\"actions\": {\(text)}}}}").path
    }

    @Test func flowsSwiftAnswersRunWithoutTheLibrary() throws {
        let hello = Paths.examples.appendingPathComponent("01-hello/flow.json").path
        let r = try binary.launch([hello], environment: missing)
        #expect(r.status == 0)
        #expect(r.out == "[banner] Hello, world!: from jasonrun\n[toast] Goodbye, world.\n")
        #expect(r.err.isEmpty)
        #expect(try binary.launch(["--version"], persist: true, environment: missing).status == 0)
        let check = try binary.launch(["check", hello], persist: true, environment: missing)
        #expect(check.status == 0)
    }

    @Test func anExpressionThatNeedsItIsALocatedError() throws {
        let file = try flow(#""$load": {"type": "$util.toast", "options": {"text": "{{[1, 2].map(function (x) { return x * 2; }).join()}}"}}"#)
        let r = try binary.launch([file], environment: missing)
        #expect(r.status == 1)
        #expect(r.err.contains("\(file):1:"))
        #expect(r.err.contains("error: {{[1, 2].map(function (x) { return x * 2; }).join()}} threw: JavaScriptCore, which this needs, could not be loaded (/nonexistent/libjavascriptcoregtk-4.1.so.0: cannot open shared object file"))
        #expect(r.err.contains("install it with: sudo apt-get install libjavascriptcoregtk-4.1-0"))
        #expect(r.err.contains("at /$jason/head/actions/$load/options/text"))
        let loaded = try binary.launch([file])
        #expect(loaded.status == 0)
        #expect(loaded.out == "[toast] 2,4\n")
    }

    @Test func aLibraryWithoutTheFunctionsIsRefusedByName() throws {
        let file = try flow(#""$load": {"type": "$util.toast", "options": {"text": "{{Math.pow(2, 10)}}"}}"#)
        let notJSC = ["/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1", "/lib/aarch64-linux-gnu/libz.so.1"]
            .first { FileManager.default.fileExists(atPath: $0) }
        let library = try #require(notJSC)
        let r = try binary.launch([file], environment: ["JASONRUN_JAVASCRIPTCORE": library])
        #expect(r.status == 1)
        #expect(r.err.contains("could not be loaded (\(library) has no function JSContextGroupCreate)"))
    }
}
