import Foundation
import JasonActions
import JasonEditor
import JasonDebugger
import JasonJSON
import JasonREPL
import JasonRuntime

/// Builds the program of a DAP `launch` from its arguments, as `jasonrun FLOW.json` and `jasonrun repl`
/// build theirs from flags: the document, the stubs and network, the stores and the seeds.
enum DapLauncher {
    static func launch(_ arguments: JSON) -> Result<DAPProgram, DAPLaunchError> {
        do { return .success(try program(arguments)) } catch { return .failure(error) }
    }

    static func program(_ arguments: JSON) throws(DAPLaunchError) -> DAPProgram {
        guard let written = arguments["program"]?.stringValue, !written.isEmpty else {
            throw DAPLaunchError("launch needs \"program\": the path of the flow to debug")
        }
        let cwd = arguments["cwd"]?.stringValue ?? FileManager.default.currentDirectoryPath
        let path = URL(fileURLWithPath: written, relativeTo: URL(fileURLWithPath: cwd, isDirectory: true))
            .standardizedFileURL.path
        // FileOptions is argument-parser's to build; its two checks are done here the same way.
        let allowRead = (arguments["allowRead"]?.arrayValue ?? []).compactMap(\.stringValue)
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw DAPLaunchError("\(path): no such file or not readable")
        }
        let source: SourceFile
        switch FileAccess.readCapped(path, maximumSize: FileAccess.defaultMaximumSize) {
        case .success(let bytes): source = SourceFile(name: path, bytes: bytes)
        case .failure(let refusal): throw DAPLaunchError(refusal.description)
        }
        var formatter = DiagnosticFormatter(sources: [source])
        let document: Document
        do { document = try Document.load(source) } catch { throw DAPLaunchError(formatter.format(error)) }

        let seeds = try Self.seeds(arguments, formatter: formatter)
        let stubs = arguments["stubs"]?.stringValue.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: cwd)).path }
        let files = FileAccess.forDocument(at: path, allowRead: allowRead)
        let network: Network
        do {
            network = try Network(stubs: stubs, record: nil, replay: nil, offline: arguments["offline"] == .bool(true),
                                  clock: VirtualClock(), files: files)
        } catch {
            if let file = error.source { formatter.sources.append(file) }
            throw DAPLaunchError(formatter.format(error.diagnostic))
        }
        if let stubSource = network.stubSource { formatter.sources.append(stubSource) }
        let stateDir = arguments["stateDir"]?.stringValue
        let url = URL(fileURLWithPath: path).absoluteString
        let answers = network.answers
        let maxSteps: Int? = if case .int(let n)? = arguments["maxSteps"] { n == 0 ? nil : n } else { 1_000_000 }
        var seed: UInt64?
        if let written = arguments["seed"] {
            guard case .int(let n) = written, n >= 0 else { throw DAPLaunchError("\"seed\" must be a whole number, 0 or more") }
            seed = UInt64(n)
        }
        var clockStart: String?
        if let written = arguments["clockStart"] {
            clockStart = written.stringValue ?? written.doubleValue.map { JSNumber.format($0) }
            guard let text = clockStart, RepeatOptions.unixTime(text) != nil else {
                throw DAPLaunchError("\"clockStart\" takes Unix seconds or an ISO 8601 date, as in 1767225600 or \"2026-01-01T09:30:00Z\"")
            }
        }
        let start = RepeatOptions.startDate(seed: seed, clockStart: clockStart)
        var setup = SessionSetup(registry: StandardLibrary.registry) { console in
            // In memory unless a state folder is named: stepping back then restores the stores too.
            let stores = seeds.stores(stateDir.map { .files(in: $0) } ?? .inMemory())
            var environment = ActionEnvironment(console: console, stores: stores, viewURL: url,
                                                transport: network.transport().0, answers: AnswerBook(answers),
                                                startDate: start)
            environment.params = seeds.params ?? [:]
            return environment
        }
        setup.seed = seed
        setup.files = files
        let describe = formatter
        var program = DAPProgram(document: document, setup: setup, url: url, describe: { describe.format($0) })
        program.jason = seeds.jason
        program.warnings = document.lint()
        program.maxSteps = maxSteps
        if let seconds = arguments["timeLimit"]?.doubleValue, seconds >= 0 { program.timeLimit = seconds == 0 ? 365 * 86_400 : seconds }
        return program
    }

    /// `params`, `jason` and `global`: JSON values, or text as the command line takes it (JSON or @file).
    static func seeds(_ arguments: JSON, formatter: DiagnosticFormatter) throws(DAPLaunchError) -> RunSeeds {
        func text(_ key: String) -> String? {
            guard let value = arguments[key] else { return nil }
            if case .string(let written) = value { return written }
            return JSONPrinter.compact(value)
        }
        do {
            return try RunSeeds(params: text("params"), jason: text("jason"), global: text("global"))
        } catch {
            var formatter = formatter
            if let file = error.source { formatter.sources.append(file) }
            throw DAPLaunchError(formatter.format(error.diagnostic))
        }
    }
}
