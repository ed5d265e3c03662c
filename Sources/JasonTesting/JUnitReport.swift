import JasonJSON

/// JUnit XML, as CI servers read it: a `testsuite` per test file, a `testcase` per case, and a
/// `failure` (message, then expected and actual) per failing case.
package enum JUnitReport {
    package static func xml(_ results: [FileResult]) -> String {
        let tests = results.reduce(0) { $0 + $1.cases.count }
        let failures = results.reduce(0) { $0 + $1.failed }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"jasonrun\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        for result in results {
            let name = result.file.source.name
            out += "  <testsuite name=\"\(escape(name))\" tests=\"\(result.cases.count)\" failures=\"\(result.failed)\" "
                + "errors=\"0\" skipped=\"0\">\n"
            for testCase in result.cases {
                out += "    <testcase name=\"\(escape(testCase.name))\" classname=\"\(escape(name))\""
                guard let first = testCase.failures.first else { out += "/>\n"; continue }
                out += ">\n"
                out += "      <failure message=\"\(escape(first.message))\" type=\"expectation\">"
                out += escape(testCase.failures.map { failure in
                    var text = location(failure.pointer, in: result.file) + ": " + failure.message
                    if let expected = failure.expected { text += "\nexpected:\n" + expected }
                    if let actual = failure.actual { text += "\nactual:\n" + actual }
                    return text
                }.joined(separator: "\n\n"))
                out += "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// `app.test.json:12:9` for a pointer into the test file.
    package static func location(_ pointer: JSONPointer, in file: TestFile) -> String {
        let path = file.locator.path(pointer)
        return path.file.map { $0 + (path.location.map { ":\($0)" } ?? "") } ?? file.source.name
    }

    /// Text as XML character data or an attribute value; characters XML 1.0 cannot hold are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
