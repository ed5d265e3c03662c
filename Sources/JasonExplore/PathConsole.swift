import JasonJSON
import JasonRuntime
import Synchronization

/// The printed lines of the path being explored: going back to a fork keeps only those printed before it.
final class PathConsole: Console {
    private let kept = Mutex<[String]>([])

    func print(_ line: String) {
        kept.withLock { $0 += line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// `$log` lines and bodies are not what a test's `printed` checks.
    func printError(_ line: String) {}
    func present(body: JSON) {}

    var lines: [String] { kept.withLock { $0 } }
    var count: Int { kept.withLock { $0.count } }

    /// Forgets the lines after the first `count`.
    func keep(_ count: Int) {
        kept.withLock { $0.removeSubrange(min(count, $0.count)...) }
    }
}
