import Foundation
import TestSupport
import Testing

/// Behaviours the reference's source decides (Jasonette iOS `Jason.m`, `JasonGlobalAction.m`,
/// `JasonCacheAction.m`, `JasonUtilAction.m`, `JasonHelper.m`, the bundled `csv.js` and `rss.js`), each
/// run through the binary.
@Suite struct ReferenceFidelityTests {
    let binary = BinaryTests()

    /// Writes the files into one new folder and runs the first with `arguments` after it.
    func run(_ files: [(name: String, text: String)], _ arguments: [String] = []) throws -> (status: Int32, out: String, err: String) {
        let first = try Paths.write(files[0].text, name: files[0].name)
        for file in files.dropFirst() {
            try file.text.write(to: first.deletingLastPathComponent().appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        return try binary.launch([first.path] + arguments)
    }

    func toast(_ text: String) -> String { #"{"type": "$util.toast", "options": {"text": "\#(text)"}}"# }

    /// A document whose `$load` runs `action`.
    func document(_ action: String) -> String { #"{"$jason": {"head": {"actions": {"$load": \#(action)}}}}"# }

    static let opener = #"""
        {"$jason": {"head": {"actions": {"$load": {"type": "$href", "options": {"url": "file://child.json"},
          "success": {"type": "$util.toast", "options": {"text": "back with {{JSON.stringify($jason)}}, g={{$global.g}}"}}}}}}}
        """#

    @Test func okWithoutOptionsHandsBackTheCurrentJasonAndTheOpenerSeesTheNewGlobal() throws {
        let child = document(#"{"type": "$global.set", "options": {"g": "new"}, "success": {"type": "$ok"}}"#)
        let r = try run([("flow.json", Self.opener), ("child.json", child)])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "[toast] back with {\"g\":\"new\"}, g=new\n")
    }

    @Test func closeAndCancelWithoutOptionsHandBackNothing() throws {
        for type in ["$close", "$cancel"] {
            let child = document(#"{"type": "$global.set", "options": {"g": "x"}, "success": {"type": "\#(type)"}}"#)
            let r = try run([("flow.json", Self.opener), ("child.json", child)])
            #expect(r.out.hasPrefix("[toast] back with {{JSON.stringify($jason)}}"), "\(type): \(r.out)")
        }
    }

    @Test func aViewsTimersStopWhenItIsCoveredOrGoesAway() throws {
        let opener = document(#"""
            {"type": "$timer.start", "options": {"interval": 1, "repeats": true, "action": \#(toast("opener tick"))},
             "success": {"type": "$href", "options": {"url": "file://child.json"}, "success": \#(toast("back"))}}
            """#)
        let child = document(#"""
            {"type": "$timer.start", "options": {"interval": 1, "repeats": true, "action": \#(toast("child tick"))},
             "success": {"type": "$timer.start", "options": {"interval": 2.5, "action": {"type": "$ok", "options": {"a": 1}}}}}
            """#)
        let r = try run([("flow.json", opener), ("child.json", child)], ["--time-limit", "10"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "[toast] child tick\n[toast] child tick\n[toast] back\n")
    }

    @Test func aReloadKeepsTheViewsTimers() throws {
        let flow = document(#"""
            [{"{{#if $global.loaded === true}}": \#(toast("reloaded"))},
             {"{{#else}}": {"type": "$global.set", "options": {"loaded": true}, "success": {"type": "$timer.start",
              "options": {"interval": 1, "repeats": true, "action": \#(toast("tick"))},
              "success": {"type": "$timer.start", "options": {"interval": 1.5, "action": {"type": "$reload"}}}}}}]
            """#)
        let r = try run([("flow.json", flow)], ["--time-limit", "3.5"])
        #expect(r.out == "[toast] tick\n[toast] reloaded\n[toast] tick\n[toast] tick\n", "\(r.err)")
    }

    @Test func globalResetWithoutItemsRemovesNothing() throws {
        let flow = document(#"""
            {"type": "$global.set", "options": {"a": 1, "b": 2}, "success": {"type": "$global.reset",
             "success": \#(toast("kept {{JSON.stringify($jason)}}"))}}
            """#)
        let r = try run([("flow.json", flow)])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "[toast] kept {\"a\":1,\"b\":2}\n")
    }

    @Test(arguments: ["$cache.set", "$global.set"])
    func storesRefuseOptionsWhoseTextHoldsBothBraces(type: String) throws {
        let flow = document(#"""
            {"type": "$set", "options": {"o": "{{'{'+'{'}}", "c": "{{'}'+'}'}}"}, "success": {
             "type": "\#(type)", "options": {"a": "{{$get.o}}", "b": "{{$get.c}}"},
             "success": \#(toast("stored")), "error": \#(toast("refused"))}}
            """#)
        let r = try run([("flow.json", flow)])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "[toast] refused\n")
    }

    @Test func parseWithAnUnknownTemplatePassesTheDataThroughWithAWarning() throws {
        let flow = #"""
            {"$jason": {"head": {"templates": {"row": {"x": "{{a}}"}}, "actions": {"$load": {
              "type": "$parse", "options": {"data": {"a": 5}, "template": "rows"},
              "success": {"type": "$util.toast", "options": {"text": "{{JSON.stringify($jason)}}"}}}}}}}
            """#
        let r = try run([("flow.json", flow)])
        #expect(r.status == 0)
        #expect(r.out == "[toast] {\"a\":5}\n")
        #expect(r.err.contains("no template named 'rows' in head.templates (it has 'row')"))
        #expect(r.err.contains("flow.json:1:"))
    }

    @Test func aBannerWithoutATitleSaysNotice() throws {
        let r = try run([("flow.json", #"{"type": "$util.banner", "options": {"description": "saved"}}"#)])
        #expect(r.out == "[banner] Notice: saved\n")
    }

    @Test func csvWithOnlyAHeaderRowLeavesJasonUndefined() throws {
        let flow = #"{"type": "$convert.csv", "options": {"data": "name,age\n"}, "success": \#(toast("{{typeof $jason}}"))}"#
        #expect(try run([("flow.json", flow)]).out == "[toast] undefined\n")
    }

    /// csv.js (both apps) turns a decimal comma into a point in every data field that is such a number, and
    /// trims the header names, quoted ones too.
    @Test func csvMakesADecimalCommaAPointAndTrimsHeaderNames() throws {
        let data = #"\" name \",\"price\",note\nTea,\"2,50\",\"a, b\"\nCake,\"-0,5\",\"1,234,5\"\nPie,\",75\",\"3,\""#
        let flow = #"{"type": "$convert.csv", "options": {"data": "\#(data)"}, "success": \#(toast("{{JSON.stringify($jason)}}"))}"#
        let r = try run([("flow.json", flow)])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == #"[toast] [{"name":"Tea","price":"2.50","note":"a, b"},{"name":"Cake","price":"-0.5","note":"1,234,5"},"#
                + #"{"name":"Pie","price":".75","note":"3,"}]"# + "\n", "\(r.out)")
    }

    @Test func csvSplitsOnTabsWhenTheTextHasMoreTabsThanCommas() throws {
        let flow = #"""
            {"type": "$convert.csv", "options": {"data": "name\tnote\nann\thi, there"}, "success": {
             "type": "$convert.csv", "options": {"data": "a,b\n1\t2,3"},
             "success": \#(toast("{{JSON.stringify($jason)}}"))}}
            """#
        let r = try run([("flow.json", flow)], ["--print-jason"])
        #expect(r.out.hasPrefix("[toast] [{\"a\":\"1\\t2\",\"b\":\"3\"}]\n"), "\(r.out)")
        let tabs = #"{"type": "$convert.csv", "options": {"data": "name\tnote\nann\thi, there"}}"#
        let printed = try run([("flow.json", tabs)], ["--print-jason"]).out
        #expect(printed.contains(#""note" : "hi, there""#) || printed.contains(#""note": "hi, there""#), "\(printed)")
    }

    @Test func rssItemsTakeTheirLinkAsGuidAndLackingFieldsAreNull() throws {
        let feed = "<rss><channel><title>T</title><item><title>A</title><link>http://x/a</link></item>"
            + "<item><title>B</title><guid>g-2</guid><description>d</description></item></channel></rss>"
        let flow = #"{"type": "$convert.rss", "options": {"data": "\#(feed)"}, "success": \#(toast("{{JSON.stringify([$jason[0].guid, $jason[0].description, $jason[1].guid, $jason[1].link])}}"))}"#
        let r = try run([("flow.json", flow)])
        #expect(r.out == "[toast] [\"http://x/a\",null,\"g-2\",null]\n", "\(r.err)")
    }
}

/// A deliberate difference (Docs/Compatibility.md): where the phone hands an error branch nothing or `{}`,
/// jasonrun hands it `{"message", "type"}`.
@Suite struct ErrorPayloadTests {
    @Test(arguments: [
        #"{"type": "$network.request", "options": {"url": ""}"#,
        #"{"type": "$lambda", "options": {}"#,
        #"{"type": "$cache.set", "options": {"a": "{{'{'+'{x}'+'}'}}"}"#,
        #"{"type": "$parse", "options": {"data": {}}"#,
    ])
    func handledErrorsGetAMessageAndTheType(action: String) throws {
        let flow = action + #", "error": {"type": "$util.toast", "options": {"text": "{{$jason.type}}: {{typeof $jason.message}}"}}}"#
        let file = try Paths.write(flow)
        let r = try BinaryTests().launch([file.path, "--offline"])
        let type = action.split(separator: "\"")[3]
        #expect(r.out == "[toast] \(type): string\n", "\(r.err)")
    }
}
