import Foundation

/// Files the tests read: Examples/ in this package and `../shared/` beside the checkout.
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let examples = packageRoot.appendingPathComponent("Examples")
    static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    static func corpus(_ folder: String) -> [URL] {
        let dir = shared.appendingPathComponent("corpus").appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }

    static func write(_ text: String, name: String = "flow.json") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("jasonrun-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
