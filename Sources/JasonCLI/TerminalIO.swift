import Foundation
import JasonJSON
import JasonRuntime
import Synchronization

/// The process's streams, injected so that tests can run the whole CLI in-process.
public protocol TerminalIO: Sendable {
    func writeOut(_ text: String)
    func writeErr(_ text: String)
    func readAllInput() -> [UInt8]
}

/// The real standard streams.
public struct StandardIO: TerminalIO {
    public init() {}

    public func writeOut(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    public func writeErr(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
    public func readAllInput() -> [UInt8] { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
}

/// Streams kept in memory, for tests and for hosts that want the output as text.
public final class CapturedIO: TerminalIO {
    private let buffers = Mutex<(out: String, err: String)>(("", ""))
    private let input: [UInt8]

    public init(input: String = "") {
        self.input = Array(input.utf8)
    }

    public var out: String { buffers.withLock { $0.out } }
    public var err: String { buffers.withLock { $0.err } }

    public func writeOut(_ text: String) { buffers.withLock { $0.out += text } }
    public func writeErr(_ text: String) { buffers.withLock { $0.err += text } }
    public func readAllInput() -> [UInt8] { input }
}

/// Actions print through this: one line to standard output, or to standard error; rendered bodies
/// as `--render` asks.
struct LineConsole: Console {
    let io: any TerminalIO
    var renderMode: RenderMode = .json

    func print(_ line: String) { io.writeOut(line + "\n") }
    func printError(_ line: String) { io.writeErr(line + "\n") }

    func present(body: JSON) {
        switch renderMode {
        case .json: io.writeOut(JSONPrinter.pretty(body) + "\n")
        case .tree: io.writeOut(BodyTree.lines(body).joined(separator: "\n") + "\n")
        case .none: break
        }
    }
}
