import Foundation
import JasonActions
import JasonJSON
import JasonRuntime

/// The transports a run stacks up from its options: stubs first, then `file://` URLs, then the real
/// network (recorded with --record), a recording (--replay), or nothing at all (--offline).
struct Network {
    var transport: any HTTPTransport
    var replayer: ReplayingTransport?
    /// The stub file's answers; each run gets a fresh book of them (a REPL replays runs).
    var answers: [String: [DeviceAnswer]] = [:]

    struct LoadError: Error {
        var diagnostic: Diagnostic
        var source: SourceFile?
        var isMissingFile = false
    }

    init(stubs: String?, record: String?, replay: String?, offline: Bool, clock: any InterpreterClock,
         files: FileAccess) throws(LoadError) {
        var base: any HTTPTransport = offline ? OfflineTransport() : HTTPClientTransport()
        if let replay {
            let file = try Self.read(replay)
            do { replayer = try ReplayingTransport(file: file) } catch {
                throw LoadError(diagnostic: error, source: file)
            }
            base = replayer!
        }
        if let record { base = RecordingTransport(next: base, path: record) }
        transport = FileTransport(next: base, access: files)
        if let stubs {
            let file = try Self.read(stubs)
            do {
                let contents = try StubFile.load(file)
                transport = StubTransport(stubs: contents.network, next: transport, clock: clock)
                answers = contents.answers
            } catch {
                throw LoadError(diagnostic: error, source: file)
            }
        }
    }

    static func read(_ path: String) throws(LoadError) -> SourceFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(diagnostic: Diagnostic(.invalidStubs, .error, "no such file or not readable", file: path),
                            isMissingFile: true)
        }
        return SourceFile(name: path, bytes: [UInt8](data))
    }
}
