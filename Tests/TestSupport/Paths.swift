import Foundation

/// Files the tests read: this package's Examples/ and fixtures, and `../shared/` beside the checkout
/// (the corpus and the conformance cases).
public enum Paths {
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    public static let examples = packageRoot.appendingPathComponent("Examples")
    public static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// The fixtures folder of one test target.
    public static func fixtures(_ target: String) -> URL {
        packageRoot.appendingPathComponent("Tests").appendingPathComponent(target).appendingPathComponent("Fixtures")
    }

    /// The `.json` files of a folder of `../shared/`, sorted by name.
    public static func shared(_ folder: String) -> [URL] {
        let dir = shared.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// Writes `text` to a new temporary folder and returns the file.
    public static func write(_ text: String, name: String = "flow.json") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("jasonrun-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
