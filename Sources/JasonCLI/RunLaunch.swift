import Foundation
import JasonJSON
import JasonRuntime

/// A run to start, described once from what a face was given (the command line's options, a DAP launch
/// request, an MCP call): the document read and loaded, its seeds, the network stack with its stubs, the
/// files it may read, and the formatter that knows every source. `jasonrun FLOW`, `preview`, `repl`, the
/// debug adapter and MCP's `debug` all start from one; each then builds its own interpreter or session.
/// A failure is one message and the exit status to end with, worded the same for every face.
struct RunLaunch {
    /// What the face asks for, as plain values.
    struct Request {
        /// The document's path, `-` for `input`, or nil for a session with no document yet (the REPL).
        var file: String?
        var input: [UInt8] = []
        var seeds = SeedOptions.Values()
        var stubs: String?
        var record: String?
        var replay: String?
        var recordCredentials = false
        var offline = false
        var files = FileOptions.Values()
        /// The folder `file://` URLs are confined to when it is not the document's (a REPL started without
        /// one: the folder it was started in; MCP: the first of its folders).
        var home: String?
        /// The run's clock: the network's delays follow it.
        var clock: any InterpreterClock = VirtualClock()
    }

    struct Failure: Error {
        var message: String
        var status: Int32

        /// The message for a client that shows it in its own words: no "jasonrun: " before it, no line
        /// break after it (the debug adapter, MCP).
        var plain: String {
            var text = message.hasPrefix("jasonrun: ") ? String(message.dropFirst("jasonrun: ".count)) : message
            while text.last == "\n" { text.removeLast() }
            return text
        }
    }

    var source: SourceFile?
    var document: Document?
    var seeds: RunSeeds
    var network: Network
    /// The files a run of the document may read (its folder and `--allow-read`).
    var files: FileAccess
    var formatter: DiagnosticFormatter
    /// Where the document lives; nil for standard input.
    var location: LocalPath?
    var clock: any InterpreterClock

    /// The view URL relative URLs resolve against.
    var viewURL: String { location?.url ?? (source == nil ? "" : "stdin:") }

    init(_ request: Request) throws(Failure) {
        clock = request.clock
        if let file = request.file {
            if file == "-" {
                guard request.input.count <= request.files.maxFileSize else {
                    throw Failure(message: "jasonrun: <stdin>: the document is larger than \(request.files.maxFileSize) bytes "
                                  + "(raise the limit with --max-file-size BYTES)\n", status: ExitStatus.invalidDocument)
                }
                source = SourceFile(name: "<stdin>", bytes: request.input)
            } else {
                switch request.files.readDocument(file) {
                case .success(let bytes): source = SourceFile(name: file, bytes: bytes)
                case .failure(let problem): throw Failure(message: "jasonrun: \(file): \(problem.message)\n", status: problem.status)
                }
                location = LocalPath(file)
            }
        }
        formatter = DiagnosticFormatter(sources: source.map { [$0] } ?? [])
        do {
            seeds = try request.seeds.read()
        } catch {
            throw Self.failure(error.diagnostic, error.source, &formatter,
                               status: error.isMissingFile ? ExitStatus.noInput : ExitStatus.usage)
        }
        if let source {
            do { document = try Document.load(source) } catch {
                throw Failure(message: formatter.format(error), status: ExitStatus.invalidDocument)
            }
        }
        files = request.files.access(home: request.home ?? location?.folder)
        do {
            network = try Network(stubs: request.stubs, record: request.record, replay: request.replay, offline: request.offline,
                                  clock: request.clock, files: files, keepCredentials: request.recordCredentials)
        } catch {
            throw Self.failure(error.diagnostic, error.source, &formatter,
                               status: error.isMissingFile ? ExitStatus.noInput : ExitStatus.invalidDocument)
        }
        if let stubSource = network.stubSource { formatter.sources.append(stubSource) }
    }

    /// A finding in a file given beside the document (stubs, a recording, a seed's @file), shown with its text.
    static func failure(_ diagnostic: Diagnostic, _ source: SourceFile?, _ formatter: inout DiagnosticFormatter,
                        status: Int32) -> Failure {
        if let source { formatter.sources.append(source) }
        return Failure(message: formatter.format(diagnostic), status: status)
    }

    /// What actions of a run reach: the console, the stores, the network (stubs fresh for each run), the
    /// stub file's answers, the seeds' params.
    /// `transport` is the run's own stack when the face keeps its stubs to report the unused ones; `clock`
    /// a run's own virtual clock when a session makes one per run (each starts at 0).
    func environment(console: any Console, stores: Stores, startDate: Double, input: (any LineInput)? = nil,
                     transport: (any HTTPTransport)? = nil, clock: (any InterpreterClock)? = nil) -> ActionEnvironment {
        var environment = ActionEnvironment(console: console, stores: stores, viewURL: viewURL, clock: clock ?? self.clock,
                                            transport: transport ?? network.transport().0, answers: AnswerBook(network.answers),
                                            input: input, startDate: startDate)
        environment.params = seeds.params ?? [:]
        return environment
    }
}
