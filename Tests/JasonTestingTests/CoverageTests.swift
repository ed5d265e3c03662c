import JasonActions
import JasonJSON
import JasonRuntime
@testable import JasonTesting
import Testing

/// Coverage counted from a known run: calls, their branches, conditional branches and lambda returns.
@Suite struct CoverageTests {
    static let text = """
    {"$jason": {"head": {"actions": {
      "$load": {"trigger": "check", "options": {"n": 1},
                "success": {"type": "$util.toast", "options": {"text": "ok"}},
                "error": {"type": "$util.toast", "options": {"text": "no"}}},
      "check": [
        {"{{#if $jason.n > 0}}": {"type": "$return.success"}},
        {"{{#else}}": {"type": "$return.error"}}
      ]
    }}}}
    """

    func measure() async throws -> FileCoverage {
        let document = try Document.load(SourceFile(name: "c.json", bytes: Array(Self.text.utf8)))
        let file = TestFile(source: SourceFile(name: "c.test.json", bytes: []), root: .null, locator: .none, document: document,
                            flowSource: nil, home: "/tmp", viewURL: "", stubs: StubFile(), stubSource: nil, cases: [],
                            limits: CaseLimits())
        let testCase = TestCase(name: "one", pointer: .root, jason: nil, params: nil, global: nil, stubs: nil, answers: [:],
                                events: [], expect: Expectations(pointer: .root), limits: CaseLimits())
        let run = await CaseRunner.run(testCase, of: file)
        #expect(run.printed == ["[toast] ok"])
        #expect(run.visits.map(\.path.pointer.description) == [
            "/$jason/head/actions/$load", "/$jason/head/actions/check/0/{{#if $jason.n > 0}}", "/$jason/head/actions/$load/success",
        ])
        return Coverage.measure(document, visits: run.visits + run.returns)[0]
    }

    @Test func aTriggersBranchIsCountedWhenItsCalleeReturns() async throws {
        let coverage = try await measure()
        let load = try #require(coverage.sites.first { $0.site.pointer.description == "/$jason/head/actions/$load" })
        #expect(load.hits == 1)
        #expect(load.branches.map(\.name) == ["success", "error"])
        #expect(load.branches.map(\.taken) == [1, 0])
        let check = try #require(coverage.sites.first { $0.site.pointer.description == "/$jason/head/actions/check" })
        #expect(check.hits == 1)
        #expect(check.branches.map(\.name) == ["{{#if $jason.n > 0}}", "{{#else}}"])
        #expect(check.branches.map(\.taken) == [1, 0])
    }

    @Test func lcovCountsLinesAndBranches() async throws {
        let lcov = Coverage.lcov([try await measure()])
        #expect(lcov.contains("SF:/"))
        #expect(lcov.contains("DA:2,1\n"))       // $load
        #expect(lcov.contains("DA:4,0\n"))       // the error toast
        #expect(lcov.contains("BRDA:2,0,0,1\nBRDA:2,0,1,0\n"))
        #expect(lcov.contains("LF:6\nLH:4\n"), "\(lcov)")
        #expect(lcov.contains("BRF:4\nBRH:2\nend_of_record\n"), "\(lcov)")
        let data = try LcovData(parsing: lcov)
        #expect(data.files.count == 1)
        #expect(data.file(named: "c.json")?.lines[4] == 0)
    }
}
