import JasonJSON
import JasonRuntime
import Synchronization

/// A console for tests: keeps what actions print, standard error marked, bodies as compact JSON.
public final class RecordingConsole: Console {
    private let lines = Mutex<[String]>([])
    public init() {}
    public var printed: [String] { lines.withLock { $0 } }
    public func print(_ line: String) { lines.withLock { $0.append(line) } }
    public func printError(_ line: String) { lines.withLock { $0.append("stderr: " + line) } }
    public func present(body: JSON) { lines.withLock { $0.append("body: " + JSONPrinter.compact(body)) } }
}
