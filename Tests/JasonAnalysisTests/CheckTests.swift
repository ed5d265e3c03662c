import JasonActions
import JasonAnalysis
import JasonJSON
import JasonRuntime
import Testing

/// One small flow per finding of `jasonrun check`, with where it must be reported.
@Suite struct CheckTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var flow: String
        /// `id@line:column`, in document order.
        var expected: [String]
        var testDescription: String { name }
    }

    static func analyzer(existing: Set<String> = []) -> Analyzer {
        Analyzer(registry: StandardLibrary.registry, fileExists: { existing.contains($0) })
    }

    static func found(_ flow: String, existing: Set<String> = []) -> [Diagnostic] {
        analyzer(existing: existing).check(SourceFile(name: "/flows/flow.json", text: flow)).diagnostics
    }

    static func load(_ body: String) -> String { "{\"$jason\": {\"head\": {\"actions\": {\n\"$load\": " + body + "\n}}}}" }

    static let cases: [Case] = [
        Case(name: "clean", flow: load(#"{"type": "$util.alert", "options": {"title": "hi"}}"#), expected: []),
        Case(name: "unknown type with a near one", flow: load(#"{"type": "$utill.alert"}"#),
             expected: ["unknown-action@2:19"]),
        Case(name: "unknown type with none near", flow: load(#"{"type": "$myapp.track"}"#),
             expected: ["unknown-action@2:19"]),
        Case(name: "trigger to nothing", flow: "{\"$jason\": {\"head\": {\"actions\": {\n\"$load\": {\"trigger\": \"lod\"},\n\"load\": {}}}}}",
             expected: ["unknown-lambda@2:22"]),
        Case(name: "$lambda to nothing", flow: load(#"{"type": "$lambda", "options": {"name": "nowhere"}}"#),
             expected: ["unknown-lambda@2:50"]),
        Case(name: "$return outside a lambda", flow: load(#"{"type": "$return.success"}"#),
             expected: ["return-outside-lambda@2:19"]),
        Case(name: "$return inside a lambda",
             flow: "{\"$jason\": {\"head\": {\"actions\": {\n\"$load\": {\"trigger\": \"f\"},\n\"f\": {\"type\": \"$return.success\"}}}}}",
             expected: []),
        Case(name: "action that is a number", flow: load("12"), expected: ["invalid-action@2:10"]),
        Case(name: "array that is not a conditional", flow: load(#"[{"type": "$util.alert"}]"#),
             expected: ["invalid-action@2:10"]),
        Case(name: "object with no type", flow: load(#"{"options": {}}"#), expected: ["invalid-action@2:10"]),
        Case(name: "option of the wrong type", flow: load(#"{"type": "$timer.start", "options": {"interval": true, "name": "t", "action": {}}}"#),
             expected: ["invalid-options@2:59"]),
        Case(name: "required option missing", flow: load(#"{"type": "$lambda", "options": {}}"#),
             expected: ["invalid-options@2:41"]),
        Case(name: "unknown option with a suggestion", flow: load(#"{"type": "$util.alert", "options": {"tilte": "x"}}"#),
             expected: ["unknown-option@2:46"]),
        Case(name: "templated option values are judged at run time",
             flow: load(#"{"type": "$timer.start", "options": {"interval": "{{$get.n}}", "name": "t", "action": {"trigger": "{{$get.next}}"}}}"#), expected: []),
        Case(name: "unclosed {{", flow: load(#"{"type": "$util.alert", "options": {"title": "{{$get.x"}}"#),
             expected: ["unclosed-template@2:55"]),
        Case(name: "JavaScript that does not compile", flow: load(#"{"type": "$util.alert", "options": {"title": "a {{$get.x +}} b"}}"#),
             expected: ["script-syntax@2:58"]),
        Case(name: "#else not last", flow: load(#"[{"{{#if 1}}": {}}, {"{{#else}}": {}}, {"{{#elseif 2}}": {}}]"#),
             expected: ["unreachable-branch@2:50"]),
        Case(name: "two #else", flow: load(#"[{"{{#if 1}}": {}}, {"{{#else}}": {}}, {"{{#else}}": {}}]"#),
             expected: ["unreachable-branch@2:50"]),
        Case(name: "a broken conditional's branches are still checked",
             flow: load(#"[{"{{#if 1}}": {"type": "$utill.alert"}}, {"{{#else}}": {}}, {"{{#else}}": {}}]"#),
             expected: ["unknown-action@2:34", "unreachable-branch@2:72"]),
        Case(name: "a number as a branch of a broken conditional",
             flow: load(#"[{"{{#if 1}}": 5}, 7]"#), expected: ["invalid-action@2:25", "conditional-shape@2:29"]),
        Case(name: "conditional that starts with #elseif", flow: load(#"[{"{{#elseif 1}}": {}}, {"{{#else}}": {}}]"#),
             expected: ["conditional-shape@2:12"]),
        Case(name: "misspelt branch", flow: load(#"[{"{{#if 1}}": {}}, {"{{#elsif 2}}": {}}]"#),
             expected: ["conditional-shape@2:31"]),
        Case(name: "branch condition that does not compile", flow: load(#"[{"{{#if ((}}": {}}, {"{{#else}}": {}}]"#),
             expected: ["script-syntax@2:13"]),
        Case(name: "$href to a missing file", flow: load(#"{"type": "$href", "options": {"url": "next.json"}}"#),
             expected: ["missing-file@2:47"]),
        Case(name: "file:// to a missing file", flow: load(#"{"type": "$network.request", "options": {"url": "file://data.json"}}"#),
             expected: ["missing-file@2:58"]),
        Case(name: "duplicate key", flow: load(#"{"type": "$util.alert", "type": "$util.toast"}"#),
             expected: ["duplicate-key@2:34"]),
        Case(name: "misspelt success", flow: load(#"{"type": "$util.toast", "sucess": {}}"#),
             expected: ["unknown-key@2:34"]),   // at the key, not its value
        Case(name: "not JSON", flow: "{\"$jason\": {,}}", expected: ["json-syntax@1:13"]),
    ]

    @Test(arguments: cases)
    func eachFindingIsLocated(_ testCase: Case) {
        let found = Self.found(testCase.flow).map { "\($0.id.rawValue)@\($0.location.map(\.description) ?? "?")" }
        #expect(found == testCase.expected, "\(Self.found(testCase.flow).map(\.message))")
    }

    @Test func aFileBesideTheDocumentIsNotMissing() {
        let flow = Self.load(#"{"type": "$href", "options": {"url": "next.json"}}"#)
        #expect(Self.found(flow, existing: ["/flows/next.json"]).isEmpty)
    }

    @Test func messagesSuggestTheNameMeant() {
        let messages = Self.found(Self.load(#"{"type": "$utill.alert", "success": {"type": "$util.alert", "options": {"tilte": "x"}}}"#)).map(\.message)
        #expect(messages.contains("unknown action type '$utill.alert'; did you mean $util.alert?"))
        #expect(messages.contains("$util.alert has no option 'tilte'; did you mean 'title'?"))
    }

    @Test func aGroupUsedForSeveralActionsIsAnExtensionNotATypo() {
        let flow = Self.load(#"{"type": "$haudio.record", "success": {"type": "$haudio.stop"}}"#)
        #expect(Self.found(flow).map(\.severity) == [.warning, .warning])
    }

    @Test func aFragmentMayCallNamesOfTheDocumentItRunsIn() {
        #expect(Self.found(#"{"trigger": "elsewhere"}"#).map(\.severity) == [.warning])
    }

    @Test func aHostScreenNeedsNoURL() {
        #expect(Self.found(Self.load(#"{"type": "$href", "options": {"view": "Payment"}}"#)).isEmpty)
    }

    @Test func severities() {
        let typo = Self.found(Self.load(#"{"type": "$utill.alert"}"#))
        #expect(typo.map(\.severity) == [.error])
        let extensionType = Self.found(Self.load(#"{"type": "$segment.track"}"#))
        #expect(extensionType.map(\.severity) == [.warning])
    }

    /// Named actions that call each other round through actions that finish at once: each loop once,
    /// named from its smallest name, wherever the walks enter it (a chain leading into it, two loops).
    @Test func callLoopsAreEachReportedOnce() {
        func calling(_ pairs: [(String, String)]) -> String {
            let actions = pairs.map { #""\#($0.0)": {"type": "$set", "options": {"x": 1}, "success": {"trigger": "\#($0.1)"}}"# }
            return "{\"$jason\": {\"head\": {\"actions\": {" + actions.joined(separator: ",\n") + "}}}}"
        }
        let flow = calling([("a", "b"), ("b", "c"), ("c", "d"), ("d", "b"), ("x", "y"), ("y", "x"), ("lead", "a")])
        let loops = Self.found(flow).filter { $0.id == .triggerCycle }.map(\.message)
        #expect(loops.count == 2)
        #expect(loops.contains { $0.hasPrefix("'b' → 'c' → 'd' → 'b' calls round for ever") })
        #expect(loops.contains { $0.hasPrefix("'x' → 'y' → 'x' calls round for ever") })
        // A long chain that ends is no loop, and its calls all name actions that exist.
        let chain = calling((0..<2_000).map { ("a\($0)", "a\($0 + 1)") })
        #expect(Self.found(chain).filter { $0.id != .unknownLambda }.isEmpty)
    }
}
