import Foundation
import JasonCLI
import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// `jasonrun graph`: every example and every corpus document with actions draws, and Graphviz accepts
/// the DOT. Without Graphviz these tests fail (they say so) rather than skip.
@Suite struct GraphCommandTests {
    static let dot: String? = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Every document of the examples (flows and the documents they open).
    static let examples: [URL] = {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: Paths.examples.path)) ?? []
        return folders.sorted().flatMap { folder -> [URL] in
            let dir = Paths.examples.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            // A file the example's flow mixes in ("@": "…file://parts.json") is a part, not a flow.
            let flow = (try? String(contentsOf: dir.appendingPathComponent("flow.json"), encoding: .utf8)) ?? ""
            return names.sorted().filter { $0.hasSuffix(".json") && !$0.hasSuffix(".test.json") && $0 != "stubs.json" && $0 != "exercise.json" }
                .filter { !flow.contains("file://" + $0) }
                .map { dir.appendingPathComponent($0) }
        }
    }()

    static let corpus = Paths.shared("corpus/documents") + Paths.shared("corpus/derived")

    func graph(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let io = CapturedIO()
        let status = await Jasonrun.main(["graph"] + arguments, io: io)
        return (status, io.out, io.err)
    }

    /// Runs Graphviz on `dot` text; its exit status and messages.
    func graphviz(_ text: String) throws -> (status: Int32, err: String, svg: String) {
        struct NoGraphviz: Error, CustomStringConvertible {
            var description: String { "Graphviz's dot is not installed (scripts/setup.sh installs it)" }
        }
        guard let dot = Self.dot else { throw NoGraphviz() }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).dot")
        try text.write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg", input.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: err, as: UTF8.self), String(decoding: svg, as: UTF8.self))
    }

    @Test func thereAreDocumentsToDraw() {
        #expect(Self.examples.count >= 15)
        #expect(Self.corpus.count > 0, "the shared corpus is missing: ../shared/corpus")
    }

    @Test(arguments: examples)
    func everyExampleDrawsAndGraphvizAcceptsIt(flow: URL) async throws {
        let r = await graph([flow.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("digraph flow {"))
        let rendered = try graphviz(r.out)
        #expect(rendered.status == 0, "\(flow.lastPathComponent): \(rendered.err)")
        #expect(rendered.svg.contains("<svg"))
    }

    @Test func everyCorpusDocumentWithActionsDraws() async throws {
        var drawn = 0
        for document in Self.corpus {
            let data = try Data(contentsOf: document)
            guard let loaded = try? Document.load(SourceFile(name: document.path, bytes: [UInt8](data))) else { continue }
            guard !loaded.actions.isEmpty || loaded.bareAction != nil else { continue }
            let r = await graph([document.path])
            #expect(r.status == 0, "\(document.lastPathComponent): \(r.err)")
            let rendered = try graphviz(r.out)
            #expect(rendered.status == 0, "\(document.lastPathComponent): \(rendered.err)")
            drawn += 1
        }
        #expect(drawn > 0)
    }

    /// Issue #25: every action type a corpus document writes (in head.actions or in what a component's
    /// tap starts) appears in its graph; before, actions only a tap starts were missing from 24 of them.
    @Test func everyActionTypeOfACorpusDocumentIsInItsGraph() async throws {
        var checked = 0
        for document in Self.corpus {
            let data = try Data(contentsOf: document)
            guard let loaded = try? Document.load(SourceFile(name: document.path, bytes: [UInt8](data))),
                  !loaded.actions.isEmpty else { continue }
            let r = await graph([document.path])
            #expect(r.status == 0, "\(document.lastPathComponent): \(r.err)")
            var missing: [String] = []
            for type in Self.actionTypes(in: loaded.root) where !r.out.contains("\"\(type)") && !r.out.contains(" \(type)") {
                missing.append(type)
            }
            #expect(missing.isEmpty, "\(document.lastPathComponent): \(missing) not in the graph")
            checked += 1
        }
        #expect(checked > 50)
    }

    /// The `"type"` of every object that is an action: a `$`-type, outside `{{ }}`.
    static func actionTypes(in json: JSON) -> Set<String> {
        var found: Set<String> = []
        var stack = [json]
        while let node = stack.popLast() {
            switch node {
            case .object(let members):
                if case .string(let type)? = members["type"], type.hasPrefix("$"), !type.contains("{{") { found.insert(type) }
                stack += members.values
            case .array(let items): stack += items
            default: break
            }
        }
        return found
    }

    @Test func theGraphShowsBranchesTriggersHrefsAndTimers() async throws {
        let lambdas = await graph([Paths.examples.appendingPathComponent("08-lambdas/flow.json").path])
        #expect(lambdas.out.contains("label=\"trigger\", style=dotted"))
        #expect(lambdas.out.contains("label=\"$jason.item === 'tea'\""))
        #expect(lambdas.out.contains("label=\"else\""))
        let network = await graph([Paths.examples.appendingPathComponent("09-network/flow.json").path])
        #expect(network.out.contains("label=\"error\", style=dashed"))
        #expect(network.out.contains("label=\"success\""))
        let views = await graph([Paths.examples.appendingPathComponent("11-views/flow.json").path])
        #expect(views.out.contains("label=\"drinks.json\", shape=folder"))
        #expect(views.out.contains("label=\"href\""))
        let timers = await graph([Paths.examples.appendingPathComponent("10-timers/flow.json").path])
        #expect(timers.out.contains("label=\"timer every 2 s\""))
        #expect(timers.out.contains("label=\"timer after 7 s\""))
        let taps = await graph([Paths.examples.appendingPathComponent("14-testing/flow.json").path])
        // What a tap starts is an entry named by where the component sits, with its whole chain after it.
        #expect(taps.out.contains("p0 [label=\"tap: sections/0/items/1 (Buy)\", shape=oval"))
        #expect(taps.out.contains("p0 -> n7 [color"))
        #expect(taps.out.contains("n7 -> e1 [label=\"trigger\""))
    }

    /// Issue #25: what only a tap starts is counted by coverage, so a button nobody pressed shows as not run.
    @Test func anUntappedButtonIsUncovered() async throws {
        let (lcov, io) = await runWithCoverage(Paths.examples.appendingPathComponent("14-testing/flow.json"))
        let text = try String(contentsOf: lcov, encoding: .utf8)
        #expect(text.contains("DA:33,0"))
        #expect(io.err.contains("never ran: line 33 trigger buy"))
    }

    @Test func mermaidHasTheSameShape() async throws {
        let r = await graph([Paths.examples.appendingPathComponent("09-network/flow.json").path, "--format", "mermaid"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("flowchart TD\n"))
        #expect(r.out.contains("-.->|error|"))
        #expect(r.out.contains("-->|success|"))
        #expect(r.out.contains("linkStyle"))
    }

    /// One run of `flow` writing its coverage: the lcov file and what was printed.
    func runWithCoverage(_ flow: URL) async -> (lcov: URL, io: CapturedIO) {
        let lcov = FileManager.default.temporaryDirectory.appendingPathComponent("cover-\(UUID().uuidString).info")
        let io = CapturedIO()
        #expect(await Jasonrun.main([flow.path, "--no-persist", "--coverage", lcov.path], io: io) == 0)
        return (lcov, io)
    }

    @Test func coverageColoursWhatNeverRan() async throws {
        let flow = Paths.examples.appendingPathComponent("05-if/flow.json")
        let (lcov, _) = await runWithCoverage(flow)
        let r = await graph([flow.path, "--coverage", lcov.path])
        #expect(r.status == 0, "\(r.err)")
        // Two of the three conditional branches never ran: their actions are filled pink.
        #expect(r.out.components(separatedBy: "fillcolor=\"#f8d7da\"").count - 1 == 2, "\(r.out)")
        #expect(try graphviz(r.out).status == 0)
    }

    @Test func svgComesFromGraphviz() throws {
        let r = try BinaryTests().launch(["graph", Paths.examples.appendingPathComponent("01-hello/flow.json").path,
                                          "--format", "svg"], persist: true)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("<svg"))
        let noDot = try BinaryTests().launchWithEmptyPath(["graph", Paths.examples.appendingPathComponent("01-hello/flow.json").path,
                                                           "--format", "svg"])
        #expect(noDot.status == 69)
        #expect(noDot.err.contains("needs Graphviz's dot, which is not on the PATH"))
    }
}

extension BinaryTests {
    /// Starts the binary with a PATH where no program is found.
    func launchWithEmptyPath(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        struct NotBuilt: Error {}
        guard let binary = Self.binary else { throw NotBuilt() }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ["PATH": "/nonexistent-folder"]
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
