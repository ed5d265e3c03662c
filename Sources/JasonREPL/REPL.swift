import Foundation
import JasonDebugger
import JasonJSON
import JasonRuntime

/// `jasonrun repl`: the terminal's face of the debugging engine. It reads commands, drives the
/// debugger, and shows where the program stopped. Used from one task.
package final class REPL {
    let debugger: Debugger
    let reader: LineReader
    let completions: CompletionBoard
    let write: @Sendable (String) -> Void
    let describe: @Sendable (Diagnostic) -> String
    var lastRepeatable: String?
    var shownDiagnostics = DiagnosticCursor()
    var shownTemplates = DiagnosticCursor()
    /// Print each command after a prompt even when reading from a pipe (a transcript).
    package var echo = false
    /// What `help ACTION` prints (the CLI's action reference); nil for a name that is no action.
    package var actionHelp: @Sendable (String) -> String? = { _ in nil }

    /// A REPL with a debugger of its own, started on `document`.
    /// - Parameters:
    ///   - document: the program to start with (an empty document when nil).
    ///   - describe: how a diagnostic reads (file:line:column and all), as the CLI prints it.
    ///   - reader: makes the line reader, given what Tab completion should call.
    ///   - asksUser: prompting actions (`$util.alert`…) ask through the reader; at a terminal, that is.
    package convenience init(document: Document?, setup: SessionSetup,
                             reader makeReader: (@escaping @Sendable (String, String) -> [String]) -> LineReader,
                             asksUser: Bool = false,
                             write: @escaping @Sendable (String) -> Void, describe: @escaping @Sendable (Diagnostic) -> String) async {
        let board = CompletionBoard()
        let reader = makeReader { word, line in board.complete(word, line: line) }
        // Ctrl-C reaches the program through the REPL's signal flag (a signal handler can reach only globals).
        let interruption = Interruption(signalled: { interruptFlag.exchange(false, ordering: .relaxed) })
        let debugger = Debugger(document: document, setup: setup, console: TextConsole(write: write),
                                asker: asksUser ? ReaderInput(reader) : nil, interruption: interruption)
        await debugger.start()
        self.init(debugger: debugger, reader: reader, completions: board, write: write, describe: describe)
    }

    /// A REPL over a debugger another face drives (a debug adapter's console).
    package init(debugger: Debugger, reader: LineReader, completions: CompletionBoard = CompletionBoard(),
                 write: @escaping @Sendable (String) -> Void, describe: @escaping @Sendable (Diagnostic) -> String) {
        self.debugger = debugger
        self.reader = reader
        self.completions = completions
        self.write = write
        self.describe = describe
    }

    /// Reads and runs commands until `quit` or the end of input.
    package func run() async -> Int32 {
        while true {
            guard let input = readInput() else {
                if leaveAtEnd() { break }
                continue
            }
            let trimmed = input.trimmingCharacters(in: .whitespaces)
            let command = trimmed.isEmpty ? lastRepeatable : trimmed
            guard let command else { continue }
            if await !execute(command) { break }
        }
        reader.finish()
        // Like a script, a session whose last chain failed says so in its exit status.
        if case .failed = session.state { return 1 }
        return 0
    }

    /// What the prompt says: where the program is paused, if it is, and which caller's frame is selected.
    var prompt: String {
        guard case .paused(let step, _) = session.state else { return "(jason) " }
        let frame = session.selectedFrame > 0 ? "#\(session.selectedFrame) " : ""
        return "(jason \(frame)at \(step.name)" + (step.path.location.map { ", line \($0.line)" } ?? "") + ") "
    }

    /// Ctrl-D or `quit` at a terminal while a program is paused asks first; piped input simply ends.
    func leaveAtEnd(typed: Bool = false) -> Bool {
        guard reader.asksBeforeLeaving, case .paused(let step, _) = session.state else { return true }
        if !typed { write("\n") }
        switch reader.read(prompt: "The program is paused at \(step.name). Leave anyway? (y or n) ") {
        case .line(let answer): return answer.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y")
        case .end: return true
        case .cancelled: return false
        }
    }

    /// One command, a typed action (`{…}` over as many lines as the braces need) or `{{expr}}`; nil at the end.
    func readInput() -> String? {
        var text = ""
        var refused = false
        completions.post(completionContext)
        while true {
            let prompt = text.isEmpty ? prompt : "..." + String(repeating: " ", count: max(1, prompt.count - 3))
            switch reader.read(prompt: prompt) {
            case .end:
                if !text.isEmpty { write("error: the input ended inside a JSON action (unbalanced braces)\n") }
                return nil
            case .cancelled:
                text = ""
                refused = false
                continue
            case .line(let line):
                if echo { write(prompt + line + "\n") }
                let first = text.isEmpty
                text += first ? line : "\n" + line
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("{"), !trimmed.hasPrefix("{{"), Self.braceBalance(trimmed) > 0 {
                    // Paused, a typed action would be refused: say so at its first line; the rest is read and dropped.
                    if first, refusePaused() { refused = true }
                    continue
                }
                if refused {
                    text = ""
                    refused = false
                    continue
                }
                if !trimmed.isEmpty { reader.remember(text) }
                return text
            }
        }
    }

    /// Open braces minus closed ones, outside strings.
    static func braceBalance(_ text: String) -> Int {
        var depth = 0
        var inString = false
        var escaped = false
        for c in text {
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" { inString = true } else if c == "{" || c == "[" { depth += 1 } else if c == "}" || c == "]" { depth -= 1 }
        }
        return depth
    }

    /// Runs one input; false to leave the REPL.
    func execute(_ input: String) async -> Bool {
        if input.hasPrefix("{{") {
            printValue(String(input))
            return true
        }
        if input.hasPrefix("{") {
            await runTyped(input)
            return true
        }
        let word = String(input.prefix { !$0.isWhitespace })
        let argument = input.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        switch Command.lookup(word) {
        case .unknown:
            if let near = Suggestion.closest(to: word, among: Command.allCases.map(\.rawValue)) {
                write("error: unknown command '\(word)'; did you mean '\(near)'? (help lists them)\n")
            } else {
                write("error: unknown command '\(word)'; expected one of: "
                      + Command.allCases.map(\.rawValue).joined(separator: ", ") + " (help lists them)\n")
            }
        case .ambiguous(let names):
            write("error: '\(word)' is ambiguous: " + names.joined(separator: ", ") + "\n")
        case .found(let command):
            // As in gdb, an empty line repeats the last motion, even after a print or a break in between.
            if command.repeats { lastRepeatable = input }
            return await perform(command, argument)
        }
        return true
    }
}
