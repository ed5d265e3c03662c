import JasonDebugger
import CLibEdit
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One read from the user.
package enum LineRead: Sendable, Equatable {
    case line(String)
    /// Ctrl-C at the prompt: the current input is dropped.
    case cancelled
    /// Ctrl-D, or the end of piped input.
    case end
}

/// Where the REPL's input comes from: libedit at a terminal, plain lines otherwise.
package protocol LineReader: AnyObject, Sendable {
    func read(prompt: String) -> LineRead
    func remember(_ line: String)
    /// Called once when the session ends (libedit saves its history then).
    func finish()
    /// A person at a terminal: Ctrl-D while paused asks before leaving.
    var asksBeforeLeaving: Bool { get }
}

extension LineReader {
    package var asksBeforeLeaving: Bool { false }
}

/// Lines from a pipe or a file: no prompt, no editing, no history, so transcripts can be piped in.
package final class PlainLineReader: LineReader {
    private let next: @Sendable () -> String?

    package init(next: @escaping @Sendable () -> String?) {
        self.next = next
    }

    package func read(prompt: String) -> LineRead { next().map(LineRead.line) ?? .end }
    package func remember(_ line: String) {}
    package func finish() {}
}

/// Runs `body` with the terminal on standard input not echoing what is typed (when it is a terminal).
package func withoutEcho<T>(_ body: () async -> T) async -> T {
    var saved = termios()
    guard isatty(0) == 1, tcgetattr(0, &saved) == 0 else { return await body() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(0, TCSANOW, &quiet)
    let result = await body()
    tcsetattr(0, TCSANOW, &saved)
    return result
}

/// Set by SIGINT (Ctrl-C); the session reads and clears it. Signal handlers can reach only globals.
let interruptFlag = Atomic<Bool>(false)

/// What Tab offers: given the word under the cursor and the whole line, the candidates.
let completionSource = Mutex<(@Sendable (String, String) -> [String])?>(nil)

/// The terminal front end over libedit's readline API: prompt, editing, history kept in a file, Tab
/// completion, Ctrl-C cancelling the line (or stopping a running program), Ctrl-D quitting.
package final class LibEditLineReader: LineReader {
    private let historyFile: String
    /// libedit's state is the process's: one call into it at a time.
    private let libedit = Mutex(())

    /// Why libedit could not be opened (it is, on the first ask); nil when it was.
    package static let loadFailure: String? = jr_edit_load().map { String(cString: $0) }

    /// Nil when libedit cannot be loaded (`loadFailure` says why).
    package init?(historyFile: String, complete: @escaping @Sendable (String, String) -> [String]) {
        guard LibEditLineReader.loadFailure == nil else { return nil }
        self.historyFile = historyFile
        completionSource.withLock { $0 = complete }
        jr_set_name("jasonrun")
        // Keys come through promptGetc (Ctrl-C ends the line there); libedit's own SIGINT handling would
        // put the terminal in cooked mode under a prompt that goes on reading.
        PromptInterrupt.install()
        jr_set_getc { promptGetc($0) }
        jr_set_catch_signals(0)
        jr_set_word_breaks(" \t\n\"'")
        jr_set_completer { text, _, _ in
            LibEditLineReader.matches(for: text.map { String(cString: $0) } ?? "")
        }
        jr_using_history()
        // libedit rings the bell on every Tab, even one that completes the only match; its bell becomes a
        // no-op escape and `matches` rings when there is nothing to offer.
        _ = jr_parse_and_bind("settc bl \u{1b}[m")
        jr_stifle_history(1000)
        _ = jr_read_history(historyFile)
        Self.catchInterrupts()
    }

    package func read(prompt: String) -> LineRead {
        interruptFlag.store(false, ordering: .relaxed)
        PromptInterrupt.drain()
        PromptInterrupt.prompting.store(true, ordering: .relaxed)
        let raw = libedit.withLock { _ in jr_readline(prompt) }
        PromptInterrupt.prompting.store(false, ordering: .relaxed)
        // A Ctrl-C at the prompt belongs to the prompt: it must not stop the next run at its first action.
        let interrupted = interruptFlag.exchange(false, ordering: .relaxed)
        guard let raw else {
            if interrupted {
                print("")
                return .cancelled
            }
            return .end
        }
        defer { free(raw) }
        return .line(String(cString: raw))
    }

    package func remember(_ line: String) { libedit.withLock { _ in _ = jr_add_history(line) } }

    package func finish() { libedit.withLock { _ in _ = jr_write_history(historyFile) } }

    package var asksBeforeLeaving: Bool { true }

    /// libedit frees the array and its strings, so both come from malloc: [0] is what replaces the word
    /// (the longest common prefix of the matches), then the matches, then NULL.
    static func matches(for word: String) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        let line = String(cString: jr_line_buffer())
        let hits = completionSource.withLock { $0?(word, line) ?? [] }
        guard let first = hits.first else {
            _ = write(1, "\u{07}", 1)
            return nil
        }
        let prefix = hits.dropFirst().reduce(first) { common, hit in String(zip(common, hit).prefix { $0 == $1 }.map(\.0)) }
        // A lone match is given twice: libedit reads [2] whatever the length, and completes and adds a
        // space only when [2] is NULL and [1] equals [0]. Given once, [2] was past the end of the array,
        // and a Tab on a lone match sometimes completed without the space.
        let entries = [prefix] + hits
        let array = malloc((entries.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride)!
            .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
        for (i, entry) in entries.enumerated() { array[i] = strdup(entry) }
        array[entries.count] = nil
        return array
    }

    /// Ctrl-C interrupts `readline` (no SA_RESTART) and sets the flag instead of ending the process.
    static func catchInterrupts() {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in PromptInterrupt.signal() }
        #else
        action.__sigaction_u.__sa_handler = { _ in PromptInterrupt.signal() }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }
}
