@testable import JasonEditor
import JasonJSON
import JasonREPL
import JasonRuntime
import Testing

/// How DAP breakpoints map onto the REPL's: function names, source paths.
@Suite struct DAPBreakpointMappingTests {
    static let document = try! Document.load(SourceFile(name: "/flows/app.json", text: """
        {"$jason": {"head": {"actions": {"$load": {"trigger": "price"}, "price": {"type": "$set"}}}}}
        """))

    @Test func aFunctionNameIsAnEntryOrAnActionType() {
        #expect(DebugAdapter.functionTarget("price", document: Self.document) == .name("price"))
        #expect(DebugAdapter.functionTarget("$load", document: Self.document) == .name("$load"))
        #expect(DebugAdapter.functionTarget("$util.toast", document: Self.document) == .type("$util.toast"))
        #expect(DebugAdapter.functionTarget("$network.*", document: Self.document) == .type("$network.*"))
        #expect(DebugAdapter.functionTarget("trigger", document: Self.document) == .type("trigger"))
        #expect(DebugAdapter.functionTarget("prize", document: Self.document) == nil)
    }

    @Test func sourcePathsCompareAsFiles() {
        #expect(DebugAdapter.samePath("/flows/./app.json", "/flows/app.json"))
        #expect(DebugAdapter.samePath("file:///flows/app.json", "/flows/app.json"))
        #expect(!DebugAdapter.samePath("/flows/other.json", "/flows/app.json"))
        #expect(!DebugAdapter.samePath("/flows/app.json", nil))
    }
}
