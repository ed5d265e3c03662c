import JasonActions
import JasonAnalysis
import JasonJSON
import JasonRuntime
import Testing

/// `--format json` and `--format sarif`: the structure their readers require.
@Suite struct FormatTests {
    static let diagnostics = Analyzer(registry: StandardLibrary.registry, fileExists: { _ in false })
        .check(SourceFile(name: "flow.json", text: #"{"type": "$utill.alert", "options": {"title": "{{a +}}"}}"#)).diagnostics

    @Test func sarifHasTheShapeSarifRequires() throws {
        let log = ReportFormats.sarif(Self.diagnostics, toolVersion: "1.0")
        #expect(log["version"] == "2.1.0")
        #expect(log["$schema"]?.stringValue?.contains("sarif-2.1.0") == true)
        let run = try #require(log["runs"]?[0])
        #expect(run["tool"]?["driver"]?["name"] == "jasonrun")
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.arrayValue)
        let results = try #require(run["results"]?.arrayValue)
        #expect(results.count == 2)
        for result in results {
            let ruleId = try #require(result["ruleId"]?.stringValue)
            #expect(rules.contains { $0["id"]?.stringValue == ruleId })
            #expect(["error", "warning", "note"].contains(result["level"]?.stringValue ?? ""))
            #expect(result["message"]?["text"]?.stringValue?.isEmpty == false)
            let physical = try #require(result["locations"]?[0]?["physicalLocation"])
            #expect(physical["artifactLocation"]?["uri"] == "flow.json")
            #expect(physical["region"]?["startLine"] == 1)
            #expect((physical["region"]?["startColumn"]?.doubleValue ?? 0) >= 1)
        }
        #expect(results.map { $0["ruleId"]?.stringValue } == ["unknown-action", "script-syntax"])
    }

    @Test func jsonListsEachFindingWithItsPlace() {
        let list = ReportFormats.json(Self.diagnostics)
        #expect(list[0]?["id"] == "unknown-action")
        #expect(list[0]?["line"] == 1)
        #expect(list[0]?["column"] == 10)
        #expect(list[0]?["pointer"] == "/type")
        #expect(list[0]?["severity"] == "error")
    }
}
