import Foundation
import JasonJSON
import TestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `jasonrun test` through the real binary: the examples' test files, JUnit XML and lcov read back,
/// bad test files, `--update`.
@Suite struct FlowTestCommandTests {
    let binary = BinaryTests()

    func run(_ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, out: String, err: String) {
        try binary.launch(arguments, persist: true)
    }

    /// A folder holding the examples' test files with their flows and stubs, copied so that --update
    /// cannot touch the real ones.
    func copyOfExample(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("jasonrun-flowtest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let source = Paths.examples.appendingPathComponent(name)
        for file in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(file), to: dir.appendingPathComponent(file))
        }
        return dir
    }

    @Test func theExamplesPassExceptTheDeliberateFailure() throws {
        let r = try run(["test", Paths.examples.path])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        let failing = r.out.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
        #expect(failing.count == 1, "\(r.out)")
        #expect(failing.first?.hasSuffix("14-testing/flow.test.json: three cups cost 10 € (deliberately wrong: see Docs/Tutorial.md)") == true)
        #expect(r.out.contains("no printed line contains \"[toast] 3 cups: 10 €\""))
        #expect(r.out.contains("[toast] 3 cups: 9 €"))
        let summary = try #require(r.out.split(separator: "\n").last)
        let passed = r.out.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count
        #expect(summary == "\(passed) passed, 1 failed")
        #expect(passed >= 11)
    }

    @Test func aPassingFileExitsZero() throws {
        let r = try run(["test", Paths.examples.appendingPathComponent("09-network/flow.test.json").path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.hasSuffix("3 passed, 0 failed\n"))
    }

    @Test func junitXMLReadsBack() throws {
        let xml = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        let r = try run(["test", Paths.examples.appendingPathComponent("14-testing").path, "--junit", xml.path])
        #expect(r.status == 1)
        let reader = JUnitReader()
        let parser = try #require(XMLParser(contentsOf: xml))
        parser.delegate = reader
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(reader.suites.count == 1)
        #expect(reader.suites.first?["tests"] == "5")
        #expect(reader.suites.first?["failures"] == "1")
        #expect(reader.cases.count == 5)
        #expect(reader.failures.count == 1)
        #expect(reader.failures.first?.name == "three cups cost 10 € (deliberately wrong: see Docs/Tutorial.md)")
        #expect(reader.failures.first?.message == "no printed line contains \"[toast] 3 cups: 10 €\"")
        #expect(reader.failures.first?.text.contains("14-testing/flow.test.json:39:31: no printed line") == true, "\(reader.failures)")
    }

    @Test func lcovMatchesTheActionsARunVisited() throws {
        let dir = try copyOfExample("14-testing")
        let lcov = dir.appendingPathComponent("cover.info")
        let flow = dir.appendingPathComponent("flow.json")
        // Only the first case runs: $load alone. Its line counts once; buy and its branches never ran.
        let test = dir.appendingPathComponent("one.test.json")
        try #"{"flow": "flow.json", "cases": [{"name": "load", "expect": {"exit": 0}}]}"#
            .write(to: test, atomically: true, encoding: .utf8)
        let r = try run(["test", test.path, "--coverage", lcov.path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        let records = try LcovRecord.parse(String(contentsOf: lcov, encoding: .utf8))
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record.file == flow.resolvingSymlinksInPath().path || record.file == flow.path)
        #expect(record.lines[7] == 1)      // $load
        #expect(record.lines[11] == 0)     // buy
        #expect(record.lines.filter { $0.value > 0 }.count == 1)
        #expect(record.lf == record.lines.count && record.lh == 1)
        #expect(record.branches.allSatisfy { $0.taken == nil })   // buy never ran: every branch "-"
        #expect(record.brf == record.branches.count && record.brh == 0)
        #expect(r.err.contains("never ran: line 11 $util.alert"))

        // With every case of the example, each branch of buy is taken at least once.
        let all = try run(["test", dir.appendingPathComponent("flow.test.json").path, "--coverage", lcov.path])
        #expect(all.status == 1)
        let full = try #require(try LcovRecord.parse(String(contentsOf: lcov, encoding: .utf8)).first)
        #expect(full.lines.values.allSatisfy { $0 > 0 }, "\(full.lines)")
        #expect(full.lines[11] == 4)
        #expect(full.branches.allSatisfy { ($0.taken ?? 0) > 0 }, "\(full.branches)")
        #expect(full.brh == full.brf)
    }

    @Test func coverageFollowsHrefIntoTheOpenedDocument() throws {
        let lcov = FileManager.default.temporaryDirectory.appendingPathComponent("cover-\(UUID().uuidString).info")
        let r = try run(["test", Paths.examples.appendingPathComponent("11-views").path, "--coverage", lcov.path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        let records = try LcovRecord.parse(String(contentsOf: lcov, encoding: .utf8))
        #expect(records.map { ($0.file as NSString).lastPathComponent } == ["flow.json", "drinks.json"])
        // $href's success runs in a later chain, resumed by $ok: it still counts as taken.
        #expect(records.first.map { $0.brh == $0.brf && $0.lh == $0.lf } == true, "\(records.first.map(\.branches) ?? [])")
    }

    @Test func aPlainRunWritesCoverageToo() throws {
        let dir = try copyOfExample("05-if")
        let lcov = dir.appendingPathComponent("cover.info")
        let r = try binary.launch([dir.appendingPathComponent("flow.json").path, "--coverage", lcov.path])
        #expect(r.status == 0)
        let record = try #require(try LcovRecord.parse(String(contentsOf: lcov, encoding: .utf8)).first)
        // The conditional's third branch ran (stock is 0), its first two never did.
        let conditional = record.branches.filter { $0.line == 10 }
        #expect(conditional.map(\.taken) == [0, 0, 1], "\(record.branches)")
        #expect(r.err.contains("never taken: line 10 {{#if stock > 10}} of conditional"))
    }

    @Test func aBadTestFileExits65AndRunsNothing() throws {
        let dir = try copyOfExample("14-testing")
        let bad = dir.appendingPathComponent("bad.test.json")
        try "{\"flow\": \"flow.json\",\n \"cases\": [{\"name\": \"x\", \"expect\": {\"exit\": 0, \"gett\": {}}}]}"
            .write(to: bad, atomically: true, encoding: .utf8)
        let r = try run(["test", dir.path])
        #expect(r.status == 65)
        #expect(!r.out.contains("PASS") && !r.out.contains("FAIL"))
        #expect(r.err.contains("bad.test.json:2:56: error: unknown key \"gett\" in \"expect\"; did you mean \"get\"? [unknown-key]"), "\(r.err)")
        #expect(r.err.contains("at /cases/0/expect/gett"))

        try #"{"flow": "missing.json", "cases": []}"#.write(to: bad, atomically: true, encoding: .utf8)
        let missing = try run(["test", bad.path])
        #expect(missing.status == 65)
        #expect(missing.err.contains("the flow missing.json does not exist"))
        #expect(try run(["test", dir.appendingPathComponent("nothing-here").path]).status == 66)
    }

    @Test func updateRewritesTheFailingExpectationsAfterShowingTheDiff() throws {
        let dir = try copyOfExample("14-testing")
        let test = dir.appendingPathComponent("flow.test.json")
        let r = try run(["test", test.path, "--update"])
        #expect(r.status == 1)
        #expect(r.out.contains("- {\"printed\": [\"[toast] 3 cups: 10 €\"]}\n+ {\"printed\": [\"[toast] Tea is 3 € a cup\", "), "\(r.out)")
        #expect(r.out.contains("[toast] 3 cups: 9 €"))
        #expect(r.out.contains("updated "))
        let again = try run(["test", test.path])
        #expect(again.status == 0, "\(again.out)")
        let text = try String(contentsOf: test, encoding: .utf8)
        #expect(text.contains("\n  \"cases\": [\n    {\n      \"name\": \"shows the price\",\n"), "\(text)")
        #expect(text.hasPrefix("{\n  \"$schema\": \"../../Docs/flowtest.schema.json\",\n  \"flow\": \"flow.json\","))
    }
}

/// The parts of a JUnit file the tests look at.
final class JUnitReader: NSObject, XMLParserDelegate {
    var suites: [[String: String]] = []
    var cases: [[String: String]] = []
    var failures: [(name: String, message: String, text: String)] = []
    private var inFailure = false
    private var text = ""
    private var message = ""

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch element {
        case "testsuite": suites.append(attributes)
        case "testcase": cases.append(attributes)
        case "failure": inFailure = true; text = ""; message = attributes["message"] ?? ""
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { if inFailure { text += string } }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        guard element == "failure" else { return }
        inFailure = false
        failures.append((cases.last?["name"] ?? "", message, text))
    }
}

/// One `SF` … `end_of_record` block of an lcov file.
struct LcovRecord {
    var file = ""
    var lines: [Int: Int] = [:]
    var branches: [(line: Int, block: Int, branch: Int, taken: Int?)] = []
    var lf = -1, lh = -1, brf = -1, brh = -1

    struct Malformed: Error { var line: String }

    static func parse(_ text: String) throws -> [LcovRecord] {
        var records: [LcovRecord] = []
        var current = LcovRecord()
        for line in text.split(separator: "\n").map(String.init) {
            let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
            let fields = parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : []
            switch parts[0] {
            case "TN": continue
            case "SF": current = LcovRecord(); current.file = parts[1]
            case "DA":
                guard fields.count == 2, let l = Int(fields[0]), let c = Int(fields[1]) else { throw Malformed(line: line) }
                current.lines[l] = c
            case "BRDA":
                guard fields.count == 4, let l = Int(fields[0]), let b = Int(fields[1]), let n = Int(fields[2]) else {
                    throw Malformed(line: line)
                }
                current.branches.append((l, b, n, fields[3] == "-" ? nil : Int(fields[3])))
            case "LF": current.lf = Int(fields[0]) ?? -1
            case "LH": current.lh = Int(fields[0]) ?? -1
            case "BRF": current.brf = Int(fields[0]) ?? -1
            case "BRH": current.brh = Int(fields[0]) ?? -1
            case "end_of_record": records.append(current)
            default: throw Malformed(line: line)
            }
        }
        return records
    }
}
