import Foundation
import JasonActions
import JasonJSON
import JasonRuntime

/// The transports a run stacks up from its options: stubs first, then `file://` URLs, then the real
/// network (recorded with --record), a recording (--replay), or nothing at all (--offline).
struct Network: Sendable {
    /// Everything below the stubs.
    var below: any HTTPTransport
    var replayer: ReplayingTransport?
    var stubs: [StubTransport.Stub]?
    /// The stub file's text, so that diagnostics located in it can quote it.
    var stubSource: SourceFile?
    var clock: any InterpreterClock
    /// The stub file's answers; each run gets a fresh book of them (a REPL replays runs).
    var answers: [String: [DeviceAnswer]] = [:]

    struct LoadError: Error {
        var diagnostic: Diagnostic
        var source: SourceFile?
        var isMissingFile = false
    }

    init(stubs stubFile: String?, record: String?, replay: String?, offline: Bool,
         clock: any InterpreterClock, files: FileAccess, keepCredentials: Bool = false) throws(LoadError) {
        self.clock = clock
        var base: any HTTPTransport = offline ? OfflineTransport() : HTTPClientTransport()
        if let replay {
            let file = try Self.read(replay)
            do { replayer = try ReplayingTransport(file: file) } catch {
                throw LoadError(diagnostic: error, source: file)
            }
            base = replayer!
        }
        if let record { base = RecordingTransport(next: base, path: record, keepCredentials: keepCredentials) }
        below = FileTransport(next: base, access: files)
        if let stubFile {
            let file = try Self.read(stubFile)
            stubSource = file
            do {
                let contents = try StubFile.load(file)
                stubs = contents.network
                answers = contents.answers
            } catch {
                throw LoadError(diagnostic: error, source: file)
            }
        }
    }

    /// The stack for one run: stubs that start unused (each list from its first response), if any.
    func transport() -> (any HTTPTransport, StubTransport?) {
        guard let stubs else { return (below, nil) }
        let stubbed = StubTransport(stubs: stubs, next: below, clock: clock)
        return (stubbed, stubbed)
    }

    static func read(_ path: String) throws(LoadError) -> SourceFile {
        switch LocalFile.read(path, maximumSize: LocalFile.defaultMaximumSize) {
        case .success(let bytes): return SourceFile(name: path, bytes: bytes)
        case .failure(let problem):
            let message = problem.isMissing ? "no such file or not readable" : problem.description
            throw LoadError(diagnostic: Diagnostic(.invalidStubs, .error, message, file: path), isMissingFile: problem.isMissing)
        }
    }
}
