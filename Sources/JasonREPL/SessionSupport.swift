import JasonDebugger
import Foundation
import JasonJSON
import JasonRuntime
import Synchronization

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
