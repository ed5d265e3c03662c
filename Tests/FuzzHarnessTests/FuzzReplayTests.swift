import Foundation
import FuzzHarness
import Testing
import TestSupport

/// Replays, in the ordinary build (no sanitizer, no libFuzzer), every input the fuzz targets must keep
/// handling: the hand-picked seeds of Fuzz/Seeds and the minimised findings of Fuzz/Regressions. A
/// finding fixed once stays fixed without the fuzz build (Docs/Fuzzing.md).
@Suite struct FuzzReplayTests {
    static func inputs(_ target: String) -> [URL] {
        ["Seeds", "Regressions"].flatMap { folder -> [URL] in
            let dir = Paths.packageRoot.appendingPathComponent("Fuzz").appendingPathComponent(folder)
                .appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { dir.appendingPathComponent($0) }
        }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    @Test func jsonInputsKeepTheParsersPromises() throws {
        let files = Self.inputs("json") + Paths.shared("corpus/documents") + Paths.shared("corpus/invalid")
        #expect(files.count > 2)
        for file in files {
            #expect(JSONHarness.check(try Self.bytes(file)) == [], "\(file.lastPathComponent)")
        }
    }

    @Test func templateInputsRender() throws {
        let harness = TemplateHarness()
        let files = Self.inputs("template")
        #expect(files.count > 2)
        for file in files { harness.run(try Self.bytes(file)) }
    }

    @Test func interpreterInputsEndWithinTheirLimits() async throws {
        let folder = try Paths.write("{}").deletingLastPathComponent().path
        let harness = InterpreterHarness(folder: folder)
        let files = Self.inputs("interpreter")
        #expect(files.count > 2)
        for file in files {
            let diagnostics = await harness.run(try Self.bytes(file))
            #expect(diagnostics != nil, "\(file.lastPathComponent) is not a document")
        }
    }
}
