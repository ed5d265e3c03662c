import Foundation
import JasonJSON
import JasonRuntime
import Synchronization

/// Where the program's actions print during a REPL session. What it prints is also kept, so that
/// going forward over a recorded past prints it again without running the actions again.
public final class SessionConsole: Console {
    private let output: @Sendable (String) -> Void
    private let recorded = Mutex<[String]>([])

    public init(output: @escaping @Sendable (String) -> Void) {
        self.output = output
    }

    public func print(_ line: String) { emit(line + "\n") }
    public func printError(_ line: String) { emit(line + "\n") }
    public func present(body: JSON) { emit(JSONPrinter.pretty(body) + "\n") }

    private func emit(_ text: String) {
        recorded.withLock { $0.append(text) }
        output(text)
    }

    /// What was printed since the last call.
    func takeRecorded() -> [String] {
        recorded.withLock { lines in
            defer { lines = [] }
            return lines
        }
    }

    /// Prints again what a recorded action printed.
    func replay(_ text: String) { output(text) }
}

/// The REPL's own line reader, lent to prompting actions while the program runs (the REPL is then
/// waiting, not reading).
final class ReaderInput: LineInput {
    let reader: LineReader

    init(_ reader: LineReader) {
        self.reader = reader
    }

    func readLine(prompt: String) async -> String? {
        if case .line(let line) = reader.read(prompt: prompt) { return line }
        return nil
    }

    /// Not through libedit, which would echo and remember it: straight from the terminal, unechoed.
    func readSecret(prompt: String) async -> String? {
        await withoutEcho {
            FileHandle.standardOutput.write(Data(prompt.utf8))
            defer { FileHandle.standardOutput.write(Data("\n".utf8)) }
            return Swift.readLine()
        }
    }
}
