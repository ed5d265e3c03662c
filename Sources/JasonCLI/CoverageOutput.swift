import Foundation
import JasonRuntime
import JasonTesting

/// `--coverage FILE` of a plain run: the lcov file, and the summary on standard error (unless standard
/// error is a JSON-lines stream).
enum CoverageOutput {
    static func write(_ document: Document, visits: [Visit], to path: String, io: any TerminalIO,
                      summary: Bool = true) -> Bool {
        let measured = Coverage.measureAll(document, visits: visits)
        do {
            try Coverage.lcov(measured).write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            io.writeErr("jasonrun: \(path): cannot write: \(error.localizedDescription)\n")
            return false
        }
        if summary { io.writeErr(Coverage.summary(measured)) }
        return true
    }
}
