import ArgumentParser
import Foundation
import JasonJSON
import JasonREPL
import JasonRuntime
import Synchronization

/// The process's streams, injected so that tests can run the whole CLI in-process.
package protocol TerminalIO: Sendable {
    func writeOut(_ text: String)
    func writeErr(_ text: String)
    func readAllInput() -> [UInt8]
    /// The user, when standard input is a terminal someone types at; nil otherwise.
    var typist: (any LineInput)? { get }
    /// The next line of standard input, without its newline; nil at the end.
    func readInputLine() -> String?
    /// Whether standard input and output are both a terminal (the REPL then edits lines with libedit).
    var isTerminal: Bool { get }
}

extension TerminalIO {
    package var typist: (any LineInput)? { nil }
}

/// The real standard streams.
package struct StandardIO: TerminalIO {
    private let input = InputLines()

    package init() {}

    package func writeOut(_ text: String) { Self.write(text, to: 1) }
    package func writeErr(_ text: String) { Self.write(text, to: 2) }

    /// The bytes of `text`, all of them, straight to the descriptor: no `Data` in between, whose generic
    /// initialiser costs a scan of every protocol conformance in the binary the first time (at start-up),
    /// and no trap when the reader went away.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
    package func readAllInput() -> [UInt8] { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }

    package var typist: (any LineInput)? { isatty(0) == 1 ? StandardLineInput() : nil }
    package func readInputLine() -> String? { input.next() }
    package var isTerminal: Bool { isatty(0) == 1 && isatty(1) == 1 }
}

/// Prompts on standard error and reads a line from standard input.
struct StandardLineInput: LineInput {
    func readLine(prompt: String) async -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        return Swift.readLine()
    }

    func readSecret(prompt: String) async -> String? {
        await withoutEcho {
            let line = await readLine(prompt: prompt)
            FileHandle.standardError.write(Data("\n".utf8))
            return line
        }
    }
}

/// Streams kept in memory, for tests and for hosts that want the output as text.
package final class CapturedIO: TerminalIO {
    private let buffers = Mutex<(out: String, err: String, read: Int)>(("", "", 0))
    private let input: [UInt8]
    /// Lines a pretend user types at prompts, one per prompt; nil for no user at all.
    private let typed: ScriptedTypist?

    package init(input: String = "", typed: [String]? = nil) {
        self.input = Array(input.utf8)
        self.typed = typed.map(ScriptedTypist.init)
    }

    package var typist: (any LineInput)? { typed }
    package var isTerminal: Bool { false }

    package func readInputLine() -> String? {
        buffers.withLock { state in
            guard state.read < input.count else { return nil }
            let rest = input[state.read...]
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? input.endIndex
            state.read = min(input.count, end + 1)
            return String(decoding: input[rest.startIndex..<end], as: UTF8.self)
        }
    }

    package var out: String { buffers.withLock { $0.out } }
    package var err: String { buffers.withLock { $0.err } }

    package func writeOut(_ text: String) { buffers.withLock { $0.out += text } }
    package func writeErr(_ text: String) { buffers.withLock { $0.err += text } }
    package func readAllInput() -> [UInt8] { input }
}

/// How `$render` shows a body: the JSON, an outline of its components, or nothing.
package enum BodyDisplay: String, Sendable, CaseIterable, ExpressibleByArgument {
    case json, tree, none
}

/// Actions print through this: one line to standard output, or to standard error; drawn bodies
/// as `--render` asks.
struct LineConsole: Console {
    let io: any TerminalIO
    var bodyDisplay: BodyDisplay = .json
    /// Standard error is a JSON-lines trace: lines for it (`$log.*`) go as `{"event":"log","text":…}`.
    var errorsAsJSON = false
    var components = ComponentRegistry.standard

    func print(_ line: String) { io.writeOut(line + "\n") }

    func printError(_ line: String) {
        guard errorsAsJSON else { return io.writeErr(line + "\n") }
        io.writeErr(JSONPrinter.compact(["event": "log", "text": .string(line)]) + "\n")
    }

    func present(body: JSON) {
        switch bodyDisplay {
        case .json: io.writeOut(JSONPrinter.pretty(body) + "\n")
        case .tree: io.writeOut(ComponentTree(components: components).lines(body).joined(separator: "\n") + "\n")
        case .none: break
        }
    }
}

/// A pretend user for tests: answers each prompt with the next line and echoes both to standard error.
final class ScriptedTypist: LineInput {
    private let lines: Mutex<[String]>

    init(_ lines: [String]) {
        self.lines = Mutex(lines)
    }

    func readLine(prompt: String) async -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// Lines of standard input read with read(2). A signal (JavaScriptCore's watchdog stopping a runaway
/// expression, Ctrl-C) interrupting a read is retried, so the end of piped input is always seen; stdio's
/// line reader left its stream in an error state there and never reported the end.
final class InputLines: Sendable {
    private let pending = Mutex<(bytes: [UInt8], ended: Bool)>(([], false))

    func next() -> String? {
        pending.withLock { state in
            while true {
                if let newline = state.bytes.firstIndex(of: UInt8(ascii: "\n")) {
                    var line = Array(state.bytes[..<newline])
                    state.bytes.removeFirst(newline + 1)
                    if line.last == UInt8(ascii: "\r") { line.removeLast() }
                    return String(decoding: line, as: UTF8.self)
                }
                if state.ended {
                    guard !state.bytes.isEmpty else { return nil }
                    defer { state.bytes = [] }
                    return String(decoding: state.bytes, as: UTF8.self)
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count > 0 {
                    state.bytes += chunk[..<count]
                } else if count == 0 || errno != EINTR {
                    state.ended = true
                }
            }
        }
    }
}
