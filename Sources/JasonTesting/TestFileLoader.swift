import Foundation
import JasonActions
import JasonJSON
import JasonRuntime

/// Why a test file cannot run: one located diagnostic, and the files it may point into.
package struct TestFileProblem: Error, Sendable {
    package var diagnostic: Diagnostic
    package var sources: [SourceFile]
}

extension TestFile {
    /// Reads, checks and loads the test file at `path`: its flow and stubs too. Every mistake is a
    /// located diagnostic; nothing runs.
    /// The test file, its flow and its stub file are each refused when larger than `reading.maxFileSize`.
    package static func load(path: String, reading: Reading = Reading()) throws(TestFileProblem) -> TestFile {
        let bytes: [UInt8]
        switch LocalFile.read(path, maximumSize: reading.maxFileSize) {
        case .success(let read): bytes = read
        case .failure(let problem):
            let message = problem.isMissing ? "no such file or not readable"
                : problem.description.replacingOccurrences(of: path + " is", with: "the test file is")
            throw TestFileProblem(diagnostic: Diagnostic(.invalidTestFile, .error, message, file: path), sources: [])
        }
        return try load(SourceFile(name: path, bytes: bytes),
                        folder: URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path, reading: reading)
    }

    /// Loads a test file's text; `folder` is where its `flow` and `stubs` paths start.
    package static func load(_ source: SourceFile, folder: String, reading: Reading = Reading()) throws(TestFileProblem) -> TestFile {
        let parsed: ParsedDocument
        do { parsed = try JSONParser.parseDocument(source) } catch {
            throw TestFileProblem(diagnostic: Diagnostic(.invalidTestFile, .error, error.message, file: source.name,
                                                         location: error.location), sources: [source])
        }
        var reader = FormatReader(locator: SourceLocator(sourceMap: parsed.sourceMap), reading: reading)
        do {
            return try reader.testFile(parsed.value, source: source, folder: folder)
        } catch {
            throw TestFileProblem(diagnostic: error, sources: [source] + reader.otherSources)
        }
    }
}

/// The format's rules, one function per level of the file. Each failure names the key it is about.
struct FormatReader {
    var locator: SourceLocator
    var reading: Reading
    var otherSources: [SourceFile] = []

    static let topKeys = ["$schema", "flow", "document", "stubs", "cases", "maxSteps", "timeLimit", "seed"]
    static let caseKeys = ["name", "jason", "params", "global", "stubs", "answers", "events", "expect", "maxSteps", "timeLimit", "seed"]
    static let eventKeys = ["run", "trigger", "jason", "tap", "input", "value", "advance", "action"]
    static let expectKeys = ["printed", "logged", "get", "global", "cache", "rendered", "exit", "error", "visited"]
    static let errorKeys = ["pointer", "message", "id"]

    func fail(_ message: String, _ pointer: JSONPointer, id: Diagnostic.ID = .invalidTestFile) -> Diagnostic {
        Diagnostic(id, .error, message, at: locator.path(pointer))
    }

    /// An object whose keys are all in `known`; an unknown one is reported with the closest known key.
    func object(_ json: JSON, _ pointer: JSONPointer, known: [String], what: String) throws(Diagnostic) -> JSONObject {
        guard case .object(let members) = json else {
            throw fail("\(what) must be an object, found \(json.kindName)", pointer)
        }
        for key in members.keys where !known.contains(key) {
            var message = "unknown key \"\(key)\" in \(what)"
            if let near = Suggestion.closest(to: key, among: known) { message += "; did you mean \"\(near)\"?" }
            else { message += " (known: " + known.filter { $0 != "$schema" }.joined(separator: ", ") + ")" }
            throw fail(message, pointer.appending(key), id: .unknownKey)
        }
        return members
    }

    func string(_ json: JSON, _ pointer: JSONPointer, what: String) throws(Diagnostic) -> String {
        guard case .string(let text) = json else { throw fail("\(what) must be a string, found \(json.kindName)", pointer) }
        return text
    }

    func strings(_ json: JSON, _ pointer: JSONPointer, what: String) throws(Diagnostic) -> [String] {
        guard case .array(let items) = json else {
            throw fail("\(what) must be an array of strings, found \(json.kindName)", pointer)
        }
        var out: [String] = []
        for (i, item) in items.enumerated() { out.append(try string(item, pointer.appending(i), what: "each entry of \(what)")) }
        return out
    }

    func objectValue(_ json: JSON, _ pointer: JSONPointer, what: String) throws(Diagnostic) -> JSONObject {
        guard case .object(let members) = json else { throw fail("\(what) must be an object, found \(json.kindName)", pointer) }
        return members
    }

    func count(_ json: JSON, _ pointer: JSONPointer, what: String) throws(Diagnostic) -> Int {
        guard case .int(let n) = json, n > 0 else { throw fail("\(what) must be a whole number above 0", pointer) }
        return n
    }

    func seed(_ json: JSON, _ pointer: JSONPointer) throws(Diagnostic) -> UInt64 {
        guard case .int(let n) = json, n >= 0 else { throw fail("\"seed\" must be a whole number, 0 or more", pointer) }
        return UInt64(n)
    }

    /// 2, 2.5, "2s", "1500ms", "2m": seconds.
    func seconds(_ json: JSON, _ pointer: JSONPointer, what: String) throws(Diagnostic) -> Double {
        if let value = json.doubleValue, value >= 0 { return value }
        if case .string(let text) = json, let value = Self.seconds(text) { return value }
        throw fail("\(what) takes seconds: a number, or text such as \"90s\", \"1500ms\" or \"2m\"", pointer)
    }

    static func seconds(_ text: String) -> Double? {
        for (suffix, scale) in [("ms", 0.001), ("s", 1), ("m", 60)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).flatMap { $0 >= 0 ? $0 * scale : nil }
        }
        return Double(text).flatMap { $0 >= 0 ? $0 : nil }
    }
}
