import Foundation
import JasonActions
import JasonAnalysis
import JasonJSON
import JasonRuntime
import Synchronization
import TestSupport
import Testing

/// An analyzer with a memo (the editor's) finds, at every check, exactly what one without finds: the
/// same findings at the same places, whatever moved or changed since the last check.
@Suite struct EntryMemoTests {
    static let name = "/flows/flow.json"

    static func analyzer(memo: EntryMemo? = nil) -> Analyzer {
        var analyzer = Analyzer(registry: StandardLibrary.registry, fileExists: { _ in false })
        analyzer.entryMemo = memo
        return analyzer
    }

    /// Checks each text in turn with one memo and compares with a check of it from scratch.
    static func expectSameFindings(_ texts: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let remembering = analyzer(memo: EntryMemo())
        for (i, text) in texts.enumerated() {
            let file = SourceFile(name: name, text: text)
            #expect(remembering.check(file).diagnostics == analyzer().check(file).diagnostics,
                    "text \(i)", sourceLocation: sourceLocation)
        }
    }

    /// A flow of `count` named actions calling one another, each with a template, one in three misspelt,
    /// one in four with a key no action reads and a `{{` never closed.
    static func flow(_ count: Int, rename: (Int) -> String = { "a\($0)" }, spacer: String = "") -> String {
        let entries = (0..<count).map { i in
            let type = i % 3 == 0 ? "$utill.toast" : "$set"
            let next = i + 1 < count ? #", "success": {"trigger": "a\#(i + 1)"}"# : ""
            let odd = i % 4 == 1 ? #", "nxt": {"t": "{{ open"}"# : ""
            return #""\#(rename(i))": {"type": "\#(type)", "options": {"v\#(i)": "{{$get.v\#(i) + $jason.x}}"}\#(next)\#(odd)}"#
        }
        return "{\"$jason\": {\"head\": {\"data\": {\"items\": []}, \"actions\": {\(spacer)\n"
            + entries.joined(separator: ",\n") + "\n}}}}"
    }

    @Test func unchangedEntriesAreTakenFromTheMemoAndMovedWithTheirText() {
        let memo = EntryMemo()
        let remembering = Self.analyzer(memo: memo)
        _ = remembering.check(SourceFile(name: Self.name, text: Self.flow(30)))
        #expect(memo.reused(in: Self.name) == 0)
        // Two lines above every entry, and one entry changed: the others are not judged again.
        let edited = Self.flow(30, spacer: "\n\n").replacingOccurrences(of: "{{$get.v7 +", with: "{{$get.v7 -")
        let found = remembering.check(SourceFile(name: Self.name, text: edited)).diagnostics
        #expect(memo.reused(in: Self.name) == 29)
        #expect(found == Self.analyzer().check(SourceFile(name: Self.name, text: edited)).diagnostics)
        #expect(found.filter { $0.id == .unknownAction }.count == 10)
        // A new action that nothing calls yet, and a use of a built-in type: nothing else is judged again.
        let added = edited.replacingOccurrences(of: "\"actions\": {", with: "\"actions\": {\"new\": {\"type\": \"$util.alert\"},")
        #expect(remembering.check(SourceFile(name: Self.name, text: added)).diagnostics
                == Self.analyzer().check(SourceFile(name: Self.name, text: added)).diagnostics)
        #expect(memo.reused(in: Self.name) == 30)
        #expect(found.filter { $0.id == .unknownKey }.count == 8)
        #expect(found.filter { $0.id == .unclosedTemplate }.count == 8)
    }

    @Test func movedLinesAndColumnsKeepTheFindingsInPlace() {
        let flow = Self.flow(12)
        Self.expectSameFindings([
            flow, flow,
            Self.flow(12, spacer: "\n  \n"),
            // Entries on one line: a longer first entry moves the others' columns.
            flow.replacingOccurrences(of: ",\n", with: ", "),
            flow.replacingOccurrences(of: ",\n", with: ", ").replacingOccurrences(of: "{{$get.v0 +", with: "{{$get.v0    +"),
            // An entry added first, then one removed: the others change position.
            flow.replacingOccurrences(of: "\"actions\": {", with: "\"actions\": {\"new\": {\"type\": \"$utill.x\"},"),
            flow.replacingOccurrences(of: "\"actions\": {", with: "\"actions\": {\"new\": {\"type\": \"$utill.x\"},")
                .replacingOccurrences(of: "\"a1\": ", with: "\"b1\": "),
            flow,
        ])
    }

    @Test func whatAnEntryReadsOutsideItselfIsJudgedAgainWhenItChanges() {
        Self.expectSameFindings([
            Self.flow(9),
            // A renamed action: the unchanged entry calling it now calls nothing.
            Self.flow(9, rename: { $0 == 4 ? "a4x" : "a\($0)" }),
            Self.flow(9),
            // A second type of the misspelt group: the group is now taken for an extension (warnings).
            Self.flow(9).replacingOccurrences(of: "\"actions\": {", with: "\"actions\": {\"x\": {\"type\": \"$utill.alert\"},"),
            Self.flow(9),
            // A `{{` never closed in head.data, outside every entry, and in the document's title.
            Self.flow(9).replacingOccurrences(of: "\"items\": []", with: "\"items\": [\"{{ open\"]}, \"title\": \"{{ t\", \"x\": {"),
            // A name of head.data that a template's typo is near.
            Self.flow(9).replacingOccurrences(of: "\"items\"", with: "\"jasn\""),
        ])
        let lambda = { (caller: String) in
            "{\"$jason\": {\"head\": {\"actions\": {\n\"$load\": {\"trigger\": \"\(caller)\"},\n"
                + "\"f\": {\"type\": \"$return.success\"},\n\"g\": {\"type\": \"$render\", \"options\": {\"template\": \"bdy\"}}}"
                + ", \"templates\": {\"body\": {}}}}}"
        }
        // Whether a $return is inside a lambda depends on who calls it; $render on head.templates.
        Self.expectSameFindings([lambda("f"), lambda("g"), lambda("f"),
                                 lambda("f").replacingOccurrences(of: "{\"body\": {}}", with: "{\"bdy\": {}}")])
    }

    @Test func anEntryThatDoesNotLoadIsReportedAtEveryCheckUntilMended() {
        let broken = Self.flow(8).replacingOccurrences(of: "\"type\": \"$set\", \"options\": {\"v5\"",
                                                       with: "\"type\": 5, \"options\": {\"v5\"")
        #expect(broken != Self.flow(8))
        Self.expectSameFindings([
            Self.flow(8), broken,
            // Another entry edited: the broken one is still loaded, and still stops the load.
            broken.replacingOccurrences(of: "{{$get.v2 +", with: "{{$get.v2 -"),
            Self.flow(8),
            Self.flow(8).replacingOccurrences(of: "{{$get.v2 +", with: "{{$get.v2 -"),
        ])
    }

    @Test func aDocumentWithMixinsIsCheckedWithoutTheMemoAndAfterThemWithIt() {
        let part = Array(#"{"type": "$utill.toast"}"#.utf8)
        let withMixin = Self.flow(6).replacingOccurrences(of: "\"actions\": {", with: "\"actions\": {\"p\": {\"@\": \"file://part.json\"},")
        let remembering = { () -> Analyzer in
            var analyzer = Self.analyzer(memo: EntryMemo())
            analyzer.openText = { $0 == "/flows/part.json" ? part : nil }
            return analyzer
        }()
        var fresh = Self.analyzer()
        fresh.openText = remembering.openText
        for text in [Self.flow(6), withMixin, withMixin, Self.flow(6), withMixin] {
            let file = SourceFile(name: Self.name, text: text)
            #expect(remembering.check(file).diagnostics == fresh.check(file).diagnostics)
        }
        #expect(fresh.check(SourceFile(name: Self.name, text: withMixin)).diagnostics.contains { $0.message.contains("in /flows/part.json") || $0.file == "/flows/part.json" })
    }

    @Test func filesAreLookedForAtEveryCheck() {
        let existing = Mutex<Set<String>>([])
        var analyzer = Analyzer(registry: StandardLibrary.registry, fileExists: { path in existing.withLock { $0.contains(path) } })
        analyzer.entryMemo = EntryMemo()
        let flow = "{\"$jason\": {\"head\": {\"actions\": {\n\"$load\": {\"type\": \"$href\", \"options\": {\"url\": \"next.json\"}},\n"
            + "\"more\": {\"type\": \"$set\", \"options\": {\"page\": \"file://page.json\"}}}}}}"
        let file = SourceFile(name: Self.name, text: flow)
        #expect(analyzer.check(file).diagnostics.map(\.id) == [.missingFile, .missingFile])
        existing.withLock { $0 = ["/flows/next.json", "/flows/page.json"] }
        #expect(analyzer.check(file).diagnostics.isEmpty)
        #expect(analyzer.entryMemo?.reused(in: Self.name) == 2)
    }

    @Test(arguments: Paths.shared("corpus/documents") + Paths.shared("corpus/invalid"))
    func corpusDocumentsFindTheSameWithAMemo(_ url: URL) throws {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        // The same text again, then every line pushed down by one inside head.actions.
        let shifted = text.range(of: "\"actions\"").flatMap { text.range(of: "{", range: $0.upperBound..<text.endIndex) }
            .map { text.replacingCharacters(in: $0, with: "{\n") } ?? text
        Self.expectSameFindings([text, text, shifted, text])
    }
}
