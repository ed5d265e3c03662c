import JasonJSON
import JasonRuntime
import JasonTesting

/// How `jasonrun test` shows results: a line per case and, under a failing one, each expectation
/// that did not hold with its place in the test file and the expected and actual values side by side.
struct TestReport {
    /// The widest a column of the side-by-side view grows.
    var column = 48

    func lines(for result: FileResult) -> String {
        var out = ""
        let name = result.file.source.name
        for testCase in result.cases {
            out += (testCase.passed ? "PASS " : "FAIL ") + "\(name): \(testCase.name)\n"
            for failure in testCase.failures {
                out += "  \(JUnitReport.location(failure.pointer, in: result.file)): \(failure.message)\n"
                out += "    at \(failure.pointer)\n"
                if failure.expected != nil || failure.actual != nil {
                    out += sideBySide(failure.expected ?? "", failure.actual ?? "").map { "    " + $0 + "\n" }.joined()
                }
            }
        }
        return out
    }

    /// Two texts as columns headed `expected` and `actual`; long lines wrap inside their column.
    func sideBySide(_ expected: String, _ actual: String) -> [String] {
        let left = wrap(expected), right = wrap(actual)
        let width = min(column, max(8, left.map(\.count).max() ?? 0))
        func pad(_ s: String) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
        var rows = [pad("expected") + " | actual", String(repeating: "-", count: width) + "-+-" + String(repeating: "-", count: 8)]
        for i in 0..<max(left.count, right.count) {
            rows.append(pad(i < left.count ? left[i] : "") + " | " + (i < right.count ? right[i] : ""))
        }
        return rows
    }

    func wrap(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            var rest = Substring(line)
            var parts: [String] = []
            while rest.count > column {
                parts.append(String(rest.prefix(column)))
                rest = rest.dropFirst(column)
            }
            parts.append(String(rest))
            return parts
        }
    }
}
