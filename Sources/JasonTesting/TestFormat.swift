import Foundation
import JasonActions
import JasonJSON
import JasonRuntime

extension FormatReader {
    mutating func testFile(_ json: JSON, source: SourceFile, folder: String) throws(Diagnostic) -> TestFile {
        let top = try object(json, .root, known: Self.topKeys, what: "a test file")
        var limits = CaseLimits()
        if let n = top["maxSteps"] { limits.maxSteps = try count(n, pointer("maxSteps"), what: "\"maxSteps\"") }
        if let t = top["timeLimit"] { limits.timeLimit = try seconds(t, pointer("timeLimit"), what: "\"timeLimit\"") }
        if let n = top["seed"] { limits.seed = try seed(n, pointer("seed")) }

        let (document, flowSource, home) = try flow(top, folder: folder)
        let (stubs, stubSource) = try self.stubs(top["stubs"], at: pointer("stubs"), folder: folder) ?? (StubFile(), nil)

        guard let casesJSON = top["cases"] else { throw fail("a test file needs \"cases\": [{\"name\": …, \"expect\": …}]", .root) }
        guard case .array(let items) = casesJSON else {
            throw fail("\"cases\" must be an array, found \(casesJSON.kindName)", pointer("cases"))
        }
        var cases: [TestCase] = []
        var names = Set<String>()
        for (i, item) in items.enumerated() {
            let testCase = try self.testCase(item, pointer("cases").appending(i), limits: limits, folder: folder)
            guard names.insert(testCase.name).inserted else {
                throw fail("two cases are named \"\(testCase.name)\"; names tell cases apart in reports",
                           pointer("cases").appending(i).appending("name"))
            }
            cases.append(testCase)
        }
        let flowPath = Self.resolve((flowSource?.name).map { $0 } ?? source.name, in: FileManager.default.currentDirectoryPath)
        return TestFile(source: source, root: json, locator: locator, document: document, flowSource: flowSource,
                        home: home, reading: reading, viewURL: URL(fileURLWithPath: flowPath).absoluteString, stubs: stubs, stubSource: stubSource, cases: cases, limits: limits)
    }

    /// `stubs`: a stub file's path (beside the test file), or the stubs inline.
    mutating func stubs(_ json: JSON?, at: JSONPointer, folder: String) throws(Diagnostic) -> (StubFile, SourceFile?)? {
        switch json {
        case nil, .null?:
            return nil
        case .string(let path)?:
            let full = Self.resolve(path, in: folder)
            let file = SourceFile(name: Self.display(full), bytes: try read(full, written: path, what: "stub file", at, folder: folder))
            otherSources.append(file)
            return (try StubFile.load(file), file)
        case .object?:
            return (try StubFile.load(json!, at: at, locator: locator), nil)
        case let other?:
            throw fail("\"stubs\" is a stub file's path or an inline {\"network\": …, \"answers\": …}, found \(other.kindName)", at)
        }
    }

    func pointer(_ key: String) -> JSONPointer { JSONPointer.root.appending(key) }

    /// The document under test: `flow` (a path beside the test file) or `document` (inline).
    mutating func flow(_ top: JSONObject, folder: String) throws(Diagnostic) -> (Document, SourceFile?, String) {
        switch (top["flow"], top["document"]) {
        case (nil, nil):
            throw fail("a test file needs a \"flow\" (the path of the document under test) or an inline \"document\"", .root)
        case (.some, .some):
            throw fail("\"flow\" and \"document\" exclude each other: give the path or the document", pointer("document"))
        case (let path?, nil):
            let name = try string(path, pointer("flow"), what: "\"flow\"")
            let full = Self.resolve(name, in: folder)
            let file = SourceFile(name: Self.display(full), bytes: try read(full, written: name, what: "flow", pointer("flow"), folder: folder))
            otherSources.append(file)
            return (try Document.load(file), file, URL(fileURLWithPath: full).deletingLastPathComponent().path)
        case (nil, let inline?):
            guard case .object = inline, let sourceMap = locator.sourceMap,
                  let file = InlineDocument.source(in: sourceMap, at: pointer("document")) else {
                throw fail("\"document\" must be a {\"$jason\": …} document or an action object", pointer("document"))
            }
            return (try Document.load(file), nil, folder)
        }
    }

    /// A file the test file names, through the loader with a run's confinement (the test file's `folder`
    /// and `--allow-read`, links resolved) and size limit; refused with the pointer of its name.
    func read(_ full: String, written: String, what: String, _ at: JSONPointer, folder: String) throws(Diagnostic) -> [UInt8] {
        switch reading.access(home: folder).contents(of: full) {
        case .success(let bytes): return bytes
        case .failure(let problem) where problem.isMissing:
            throw fail("the \(what) \(written) does not exist (looked for \(full))", at)
        case .failure(let problem):
            throw fail("the \(what) \(written) cannot be used: \(problem.description)", at)
        }
    }

    static func resolve(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: folder).appendingPathComponent(path).standardizedFileURL.path
    }

    /// A path as reports show it: relative to the working folder when it lies below it.
    static func display(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }
}
