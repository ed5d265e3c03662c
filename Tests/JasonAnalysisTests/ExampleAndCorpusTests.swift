import Foundation
import JasonActions
import JasonAnalysis
import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// The examples check clean, and every corpus file goes through the analysis without a fault.
@Suite struct ExampleAndCorpusTests {
    static let analyzer = Analyzer(registry: StandardLibrary.registry,
                                   fileExists: { FileManager.default.fileExists(atPath: $0) })

    /// Findings the examples make on purpose: 03 shows what an unknown action does at run time;
    /// CustomAction's host registers `$notify.banner` itself.
    static let intended: Set<String> = ["03-error-branches/flow.json unknown-action", "CustomAction/app.json unknown-action"]

    /// The errors real documents have, as data: this list may only shrink. Four files are JSON data or
    /// snippets rather than documents (a run rejects them too); 035 triggers a name it never defines.
    static let corpusErrors: Set<String> = [
        "035 unknown-lambda", "047 no-jason-root", "127 no-jason-root", "136 no-jason-root", "137 no-jason-root",
    ]

    static var exampleFiles: [URL] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: Paths.examples.path)) ?? []
        return folders.sorted().flatMap { folder in
            ["flow.json", "app.json"].map { Paths.examples.appendingPathComponent(folder).appendingPathComponent($0) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
        }
    }

    @Test func everyExampleChecksClean() throws {
        #expect(Self.exampleFiles.count >= 13)
        for file in Self.exampleFiles {
            let report = Self.analyzer.check(SourceFile(name: file.path, bytes: try [UInt8](Data(contentsOf: file))))
            let name = file.deletingLastPathComponent().lastPathComponent + "/" + file.lastPathComponent
            for diagnostic in report.diagnostics where !Self.intended.contains("\(name) \(diagnostic.id.rawValue)") {
                Issue.record("\(name):\(diagnostic.location?.description ?? "") \(diagnostic.id.rawValue): \(diagnostic.message)")
            }
        }
    }

    @Test func everyCorpusFileIsCheckedWithoutAFault() throws {
        let files = Paths.shared("corpus/documents") + Paths.shared("corpus/derived") + Paths.shared("corpus/invalid")
        #expect(files.count > 100)
        var counts: [String: Int] = [:]
        for file in files {
            let report = Self.analyzer.check(SourceFile(name: file.path, bytes: try [UInt8](Data(contentsOf: file))))
            if file.path.contains("/invalid/") {
                #expect(!report.isJSON, "\(file.lastPathComponent)")
            } else {
                for diagnostic in report.diagnostics where diagnostic.severity == .error {
                    let key = "\(file.lastPathComponent.prefix(3)) \(diagnostic.id.rawValue)"
                    #expect(Self.corpusErrors.contains(key), "\(file.lastPathComponent):\(diagnostic.location?.description ?? "") \(diagnostic.message)")
                }
            }
            for diagnostic in report.diagnostics { counts["\(diagnostic.severity.rawValue) \(diagnostic.id.rawValue)", default: 0] += 1 }
        }
        print("corpus findings:", counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    }
}
