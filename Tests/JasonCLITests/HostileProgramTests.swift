import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Programs written to never end, through the real binary: each ends on its own, with the message and
/// exit status of the limit it hit (Docs/Diagnostics.md, "Limits"), and the process stays small.
/// `timeout` guards the test itself: a hang fails it with status 124 instead of stopping the suite.
@Suite struct HostileProgramTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var actions: String
        var flags: [String] = []
        var status: Int32
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a document that opens itself", actions: #""$load": {"type": "$href", "options": {"url": "file://flow.json"}}"#,
             status: 1, message: "100 views are open, the limit"),
        Case(name: "a $load that resets itself", actions: #""$load": {"type": "$reset"}"#,
             status: 1, message: "the view restarted 10000 times in a row"),
        Case(name: "a trigger loop", actions: #""$load": {"trigger": "$load"}"#, flags: ["--max-steps", "5000"],
             status: 80, message: "[step-limit]"),
        Case(name: "a loop that outruns real time", actions: #""$load": {"type": "$set", "options": {"a": 1}, "success": {"trigger": "$load"}}"#,
             flags: ["--max-steps", "0", "--wall-limit", "1s"], status: 81, message: "[wall-limit]"),
        Case(name: "a repeating timer", actions: #""$load": {"type": "$timer.start", "options": {"interval": 0.001, "repeats": true, "action": {"type": "$set", "options": {"n": 1}}}}"#,
             flags: ["--time-limit", "1s"], status: 0, message: "[time-limit]"),
        Case(name: "a repeating timer whose action fails", actions: #""$load": {"type": "$timer.start", "options": {"interval": 0.001, "repeats": true, "action": {"type": "$nosuch.x"}}}"#,
             flags: ["--time-limit", "2s"], status: 1, message: "times, shown once"),
        Case(name: "the same endless loop in every item", actions: #""$load": {"type": "$set", "options": {"x": {"{{#each [1,2,3,4]}}": "{{ (function(){ while(true){} })() }}"}}}"#,
             flags: ["--js-time", "200ms"], status: 0, message: "stopped after running longer than 200 ms"),
        Case(name: "an allocation without bound", actions: #""$load": {"type": "$set", "options": {"x": "{{ (function(){ var a = []; while(true){ a.push(new Array(100000).fill(1.5)) } })() }}"}}"#,
             flags: ["--js-memory", "128", "--js-time", "30s"], status: 0, message: "heap grew past 128 MB"),
        Case(name: "a flood of promise jobs", actions: #""$load": {"type": "$set", "options": {"x": "{{ (function(){ function f(){ Promise.resolve().then(f) } f(); return 1 })() }}"}}"#,
             status: 86, message: "[js-runaway]"),
        Case(name: "an await loop", actions: #""$load": {"type": "$set", "options": {"x": "{{ (async function(){ while(true){ await 0 } })(), 1 }}"}}"#,
             status: 86, message: "[js-runaway]"),
        Case(name: "WebAssembly", actions: #""$load": {"type": "$util.toast", "options": {"text": "{{WebAssembly.Module}}"}}"#,
             status: 0, message: "Can't find variable: WebAssembly"),
    ]

    @Test(arguments: cases) func endsOnItsOwn(_ hostile: Case) throws {
        let flow = try Paths.write(#"{"$jason": {"head": {"actions": {"# + hostile.actions + "}}}}")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["120", try #require(BinaryTests.binary).path, flow.path, "--no-persist"] + hostile.flags
        process.currentDirectoryURL = flow.deletingLastPathComponent()
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == hostile.status, "\(err)")
        #expect(err.contains(hostile.message), "\(err)")
        #expect(err.count < 20_000, "identical messages are not repeated: \(err.count) bytes")
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #expect(usage.ru_maxrss < 2_000_000, "the largest child stayed under 2 GB: \(usage.ru_maxrss) KB")
    }
}
