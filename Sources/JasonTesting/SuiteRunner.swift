import Foundation
import JasonJSON
import JasonRuntime

/// The results of one test file's cases, in the order they are written.
package struct FileResult: Sendable {
    package var file: TestFile
    package var cases: [CaseResult]
    package var failed: Int { cases.filter { !$0.passed }.count }
}

package enum SuiteRunner {
    /// Runs every case of every file, `width` at a time (each in its own interpreter, on its own task),
    /// and returns the results in file and case order.
    package static func run(_ files: [TestFile], width: Int = ProcessInfo.processInfo.activeProcessorCount) async
        -> [FileResult]
    {
        let jobs = files.indices.flatMap { f in files[f].cases.indices.map { (f, $0) } }
        var results = files.map { [CaseResult?](repeating: nil, count: $0.cases.count) }
        await withTaskGroup(of: (Int, Int, CaseResult).self) { group in
            var next = 0
            func launch() {
                guard next < jobs.count else { return }
                let (f, c) = jobs[next]
                next += 1
                let file = files[f]
                group.addTask {
                    let testCase = file.cases[c]
                    let run = await CaseRunner.run(testCase, of: file)
                    return (f, c, CaseResult(name: testCase.name, pointer: testCase.pointer, run: run,
                                             failures: Verdict.check(testCase.expect, against: run)))
                }
            }
            for _ in 0..<max(1, width) { launch() }
            for await (f, c, result) in group {
                results[f][c] = result
                launch()
            }
        }
        return files.indices.map { FileResult(file: files[$0], cases: results[$0].compactMap { $0 }) }
    }
}

/// Which files `jasonrun test PATH...` runs: files as given, and `*.test.json` below folders (hidden
/// folders and `.build` skipped), sorted.
package enum TestDiscovery {
    package static let suffix = ".test.json"

    package static func files(_ paths: [String]) -> (found: [String], missing: [String]) {
        var found: [String] = []
        var missing: [String] = []
        let manager = FileManager.default
        for path in paths.isEmpty ? ["."] : paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { missing.append(path); continue }
            guard isFolder.boolValue else { found.append(path); continue }
            var inFolder: [String] = []
            let enumerator = manager.enumerator(atPath: path)
            while let entry = enumerator?.nextObject() as? String {
                let name = (entry as NSString).lastPathComponent
                if name.hasPrefix(".") || name == "node_modules" {
                    enumerator?.skipDescendants()
                    continue
                }
                if name.hasSuffix(suffix) {
                    inFolder.append(path == "." ? entry : (path as NSString).appendingPathComponent(entry))
                }
            }
            found += inFolder.sorted()
        }
        return (found, missing)
    }
}
