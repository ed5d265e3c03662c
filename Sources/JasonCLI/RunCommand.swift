import ArgumentParser
import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import JasonScript
import JasonTesting

/// `jasonrun FLOW.json`: load, check, run `$load` (or `$show`, or the single action) until idle.
struct RunCommand: ParsableCommand {
    // The super-command's name matters only where `jasonrun FLOW.json` is parsed as this command alone
    // (Jasonrun.main): ArgumentParser then skips its check for `--generate-completion-script`, two more
    // parses that were 5% of a start's instructions. Anything that parse refuses goes through the root
    // command, where completion requests are still answered.
    static let configuration = CommandConfiguration(
        commandName: "run",
        _superCommandName: "jasonrun",
        abstract: "Run a document's $load (or $show), or a single action, to the end.",
        discussion: """
            Exit status: 0 ok, 1 a chain ended on an unhandled error, 64 usage, 65 invalid document, \
            66 no such file, 70 internal error.
            """)

    @Argument(help: "The flow to run: a {\"$jason\": …} document or one action object; '-' reads standard input.")
    var file: String

    @Option(help: ArgumentHelp("Print one line per action boundary, numbered and timed, on standard error: text or json.",
                               valueName: "format"))
    var trace: TraceFormat?

    @Option(help: ArgumentHelp("Write the trace to this file instead of standard error (text unless --trace json).",
                               valueName: "file"))
    var traceFile: String?

    @Flag(help: "Make unresolved {{ }} expressions errors: the run exits 1 (they are warnings otherwise).")
    var strict = false

    @Flag(help: "At the end, print the $jason the last chain ended with on standard output, as JSON (null when undefined).")
    var printJason = false

    @Option(help: ArgumentHelp("How $render shows a body: json, tree or none.", valueName: "mode"))
    var render: RenderMode = .json

    @Option(help: ArgumentHelp("Save every real exchange to this file (mode 0600; credential headers redacted).",
                               valueName: "file"))
    var record: String?

    @Flag(help: "Keep Authorization, Cookie and the other credential headers in the recording (they are redacted by default).")
    var recordCredentials = false

    @Option(help: ArgumentHelp("Serve exchanges from a recording and report requests that differ.", valueName: "file"))
    var replay: String?

    @Flag(help: "Run timers on the wall clock instead of the virtual clock.")
    var realTime = false

    @Option(help: ArgumentHelp("Write lcov coverage of the flow's actions and branches here, and print a summary.",
                               valueName: "file"))
    var coverage: String?

    @OptionGroup var limit: LimitOptions
    @OptionGroup var repeatable: RepeatOptions
    @OptionGroup var seed: SeedOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var answers: StubOptions
    @OptionGroup var files: FileOptions

    func validate() throws {
        if record != nil && (replay != nil || answers.offline) {
            throw ValidationError("--record needs the network: it excludes --replay and --offline")
        }
        if recordCredentials && record == nil { throw ValidationError("--record-credentials goes with --record FILE") }
    }

    func execute(io: any TerminalIO) async -> Int32 {
        let source: SourceFile
        if file == "-" {
            let bytes = io.readAllInput()
            if bytes.count > files.maxFileSize {
                io.writeErr("jasonrun: <stdin>: the document is larger than \(files.maxFileSize) bytes (raise the limit with --max-file-size BYTES)\n")
                return ExitStatus.invalidDocument
            }
            source = SourceFile(name: "<stdin>", bytes: bytes)
        } else {
            do throws(FileOptions.Problem) { source = try files.source(file, io: io) } catch { return error.status }
        }
        var formatter = DiagnosticFormatter(sources: [source])
        let seeds: RunSeeds
        do {
            seeds = try seed.read()
        } catch {
            if let file = error.source { formatter.sources.append(file) }
            io.writeErr(formatter.format(error.diagnostic))
            return error.isMissingFile ? ExitStatus.noInput : ExitStatus.usage
        }
        let document: Document
        do {
            document = try Document.load(source)
        } catch {
            io.writeErr(formatter.format(error))
            return ExitStatus.invalidDocument
        }
        let clock: any InterpreterClock = realTime ? WallClock() : VirtualClock()
        let network: Network
        do {
            network = try Network(stubs: answers.stubs, record: record, replay: replay, offline: answers.offline, clock: clock,
                                  files: files.access(home: file == "-" ? nil : FileOptions.folder(of: file)),
                                  keepCredentials: recordCredentials)
        } catch {
            if let file = error.source { formatter.sources.append(file) }
            io.writeErr(formatter.format(error.diagnostic))
            return error.isMissingFile ? ExitStatus.noInput : ExitStatus.invalidDocument
        }
        let output: RunOutput
        do { output = try RunOutput(io: io, trace: trace, traceFile: traceFile, formatter: formatter) } catch {
            io.writeErr("jasonrun: \(error.message)\n")
            return ExitStatus.usage
        }
        defer { output.close() }
        if let stubSource = network.stubSource { output.formatter.sources.append(stubSource) }
        let (transport, stubbed) = network.transport()
        var environment = ActionEnvironment(
            console: LineConsole(io: io, renderMode: render, errorsAsJSON: output.jsonOnStandardError),
            stores: seeds.stores(store.stores),
            viewURL: file == "-" ? "stdin:" : URL(fileURLWithPath: file).standardizedFileURL.absoluteString,
            clock: clock, transport: transport, answers: AnswerBook(network.answers),
            input: file == "-" ? nil : io.typist, startDate: repeatable.startDate())
        environment.params = seeds.params ?? [:]
        let engine = ScriptEngine(limits: limit.scriptLimits, seed: repeatable.seed)
        let interpreter = Interpreter(document: document, registry: StandardLibrary.registry, environment: environment,
                                      scriptEngine: engine)
        interpreter.limits = limit.limits(defaultTimeLimit: 60)
        if let format = output.traceFormat {
            interpreter.observeNow([TraceObserver(format: format, clock: clock, write: output.writeTrace)])
        }
        let templates = TemplateReport(strict: strict)
        let finalJason = ChainResult()
        interpreter.observeNow([templates, finalJason])
        let visits = VisitRecorder()
        if coverage != nil { interpreter.observeNow([visits]) }
        await interpreter.start(jason: seeds.jason)
        // The document as it runs: with its mixins resolved, their files shown like the flow's own.
        let loaded = interpreter.views[0].document
        output.formatter.sources += loaded.mixinSources
        let lint = loaded.unresolvedMixins ? [] : loaded.lint().map(strictTemplates)
        output.report(lint)
        if !interpreter.hasQueuedCalls, !loaded.unresolvedMixins {
            output.report([Diagnostic(.nothingToRun, .warning, "nothing to run: the document has no $load or $show action",
                                      file: source.name)])
        }
        await interpreter.runUntilIdle()
        let mismatches = network.replayer?.mismatches.map { Diagnostic(.replayMismatch, .error, $0, file: replay) } ?? []
        var others: [Diagnostic] = []
        for diagnostic in interpreter.diagnostics {
            if diagnostic.id == .template { templates.add(diagnostic) } else { others.append(diagnostic) }
        }
        // Expressions that needed a missing JavaScriptCore: the run did not do what the flow says.
        let unevaluated = templates.diagnostics.map { d in
            var d = d
            if engine.wasRefused { d.severity = .error }
            return d
        }
        let all = unevaluated + others + mismatches + (stubbed?.unused ?? [])
        output.report(all)
        if printJason { io.writeOut(JSONPrinter.pretty(finalJason.value ?? .null) + "\n") }
        if let coverage, !CoverageOutput.write(loaded, visits: visits.all, to: coverage, io: io,
                                                    summary: !output.jsonOnStandardError) {
            return ExitStatus.usage
        }
        return ExitStatus.of((lint + all).filter { $0.severity == .error })
    }

    /// With --strict, an unclosed `{{` is an error like an unresolved one.
    func strictTemplates(_ diagnostic: Diagnostic) -> Diagnostic {
        var d = diagnostic
        if strict, d.id == .unclosedTemplate { d.severity = .error }
        return d
    }
}
