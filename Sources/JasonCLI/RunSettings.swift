import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import JasonScript
import JasonTesting

/// What `jasonrun FLOW.json` was asked to do, as plain values, and the run itself: load, check, run `$load`
/// (or `$show`, or the single action) until idle. RunCommand (ArgumentParser) and RunArguments (a table,
/// without ArgumentParser's costly types) both end here.
struct RunSettings {
    var file: String
    var trace: TraceFormat?
    var traceFile: String?
    var strict = false
    var printJason = false
    var bodyDisplay = BodyDisplay.json
    var record: String?
    var recordCredentials = false
    var replay: String?
    var realTime = false
    var coverage: String?
    var limit = LimitOptions.Values()
    var repeatable = RepeatOptions.Values()
    var seed = SeedOptions.Values()
    var store = StoreOptions.Values()
    var answers = StubOptions.Values()
    var files = FileOptions.Values()

    /// Why the command itself cannot run, as ArgumentParser would say it (the option groups say their own).
    var problem: String? {
        if record != nil && (replay != nil || answers.offline) {
            return "--record needs the network: it excludes --replay and --offline"
        }
        return recordCredentials && record == nil ? "--record-credentials goes with --record FILE" : nil
    }

    /// Whether nothing, the option groups included, refuses these settings.
    var isRunnable: Bool {
        limit.problem == nil && repeatable.problem == nil && store.problem == nil && files.problem == nil && problem == nil
    }

    func execute(io: any TerminalIO) async -> Int32 {
        let clock: any InterpreterClock = realTime ? WallClock() : VirtualClock()
        let launch: RunLaunch
        do {
            launch = try RunLaunch(RunLaunch.Request(
                file: file, input: file == "-" ? io.readAllInput() : [], seeds: seed, stubs: answers.stubs, record: record,
                replay: replay, recordCredentials: recordCredentials, offline: answers.offline, files: files, clock: clock))
        } catch {
            io.writeErr(error.message)
            return error.status
        }
        let (source, document, seeds, network) = (launch.source!, launch.document!, launch.seeds, launch.network)
        let output: RunOutput
        do { output = try RunOutput(io: io, trace: trace, traceFile: traceFile, formatter: launch.formatter) } catch {
            io.writeErr("jasonrun: \(error.message)\n")
            return ExitStatus.usage
        }
        defer { output.close() }
        let (transport, stubbed) = network.transport()
        let environment = launch.environment(
            console: LineConsole(io: io, bodyDisplay: bodyDisplay, errorsAsJSON: output.jsonOnStandardError),
            stores: seeds.stores(store.stores), startDate: repeatable.startDate(),
            input: file == "-" ? nil : io.typist, transport: transport)
        let engine = ScriptEngine(limits: limit.scriptLimits, seed: repeatable.seed)
        let interpreter = Interpreter(document: document, registry: StandardLibrary.registry, environment: environment,
                                      scriptEngine: engine)
        interpreter.limits = limit.limits(defaultTimeLimit: 60)
        interpreter.limits.maxDocumentSize = files.maxFileSize
        if let format = output.traceFormat {
            interpreter.observeNow([TraceObserver(format: format, clock: clock, write: output.writeTrace)])
        }
        let templates = TemplateReport(strict: strict)
        // The last chain's `$jason` is followed only when it is printed: each event would take its lock.
        let finalJason = ChainResult()
        interpreter.observeNow(printJason ? [templates, finalJason] : [templates])
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
