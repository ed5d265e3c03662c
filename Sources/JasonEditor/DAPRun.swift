import Foundation
import JasonJSON
import JasonDebugger
import JasonREPL
import JasonRuntime

/// Launching, running, stepping and going back; the events that say where the program is.
extension DebugAdapter {
    func launch(_ request: DAPRequest) async {
        guard debugger == nil else { return channel.fail(request, "a program is already launched in this session") }
        let program: DAPProgram
        switch launcher(request.arguments) {
        case .success(let launched): program = launched
        case .failure(let problem): return channel.fail(request, problem.message, message: "launchFailed")
        }
        if case .bool(let flag)? = request.arguments["stopOnEntry"] { stopOnEntry = flag }
        let channel = self.channel
        var setup = program.setup
        setup.limits.maxSteps = program.maxSteps
        let debugger = Debugger(document: program.document, setup: setup,
                                console: TextConsole(write: { channel.output($0) }), interruption: interruption)
        await debugger.start(jason: program.jason)
        self.debugger = debugger
        console = REPL(debugger: debugger, reader: PlainLineReader { nil }, write: { channel.output($0) },
                       describe: program.describe)
        self.program = program
        // The filters marked default apply from launch: clients send setExceptionBreakpoints only sometimes.
        exceptionBreakpoints = [debugger.session.addBreakpoint(.unhandledError, condition: nil).id]
        channel.respond(to: request)
        for warning in program.warnings { channel.output(program.describe(warning), category: "stderr") }
        // Configuration (breakpoints) comes after this; the program starts at configurationDone.
        channel.event("initialized")
        await startIfReady()
    }

    func startIfReady() async {
        guard let debugger, let program, configured, !started else { return }
        started = true
        let core = debugger
        core.session.setMode(stopOnEntry ? .stepInto : .run)
        entryPending = stopOnEntry
        await drive { await core.submit(nil, advancing: program.timeLimit) }
    }

    /// `continue`, `next`, `stepIn`, `stepOut`: answered at once, then the program runs to its next stop.
    func go(_ request: DAPRequest) async {
        guard let debugger, case .paused(let step, _) = debugger.session.state else {
            return channel.fail(request, "the program is not paused", message: "notStopped")
        }
        let mode: DebugSession.Mode = switch request.command {
        case "next": .stepOver(depth: step.depth)
        case "stepIn": .stepInto
        case "stepOut": .finish(depth: step.depth)
        default: .run
        }
        let core = debugger
        await drive(resuming: true) {
            channel.respond(to: request, body: request.command == "continue" ? ["allThreadsContinued": true] : nil)
            return await core.resume(mode)
        }
    }

    /// `stepBack` (one action) and `reverseContinue` (to the last breakpoint before, or the first action):
    /// snapshots restored, nothing run again.
    func goBack(_ request: DAPRequest) {
        guard let debugger, case .paused = debugger.session.state else {
            return channel.fail(request, "the program is not paused", message: "notStopped")
        }
        let event = request.command == "stepBack" ? debugger.back(1) : debugger.reverseContinue()
        guard let event else {
            return channel.fail(request, "there is no action before this one to go back to", message: "atStart")
        }
        channel.respond(to: request)
        variables.reset()
        report(event)
        if let note = debugger.undoneScriptsNote { channel.output("note: \(note)\n", category: "console") }
    }

    /// Runs the program (or replays its recorded past) until it stops or has nothing left to do.
    /// A `pause` that came while the program was stopped is spent: `resuming` forgets it (a pause that
    /// came before the first run, or an end of the session, still stops the program at once).
    func drive(resuming: Bool = false, _ body: () async -> SessionEvent) async {
        variables.reset()
        if resuming {
            interruption.clear()
            // The reader marks the end before it interrupts: an interruption cleared just now comes back.
            if channel.isEnding { interruption.request() }
        }
        report(await body())
    }

    func report(_ event: SessionEvent) {
        reportDiagnostics()
        switch event {
        case .paused(_, .interrupted) where channel.isEnding:
            break   // stopped only because the session ends: the client hears `terminated` instead
        case .paused(let step, let reason):
            var body: JSONObject = ["reason": .string(Self.reasonName(reason)), "threadId": .int(Self.threadID),
                                    "allThreadsStopped": true,
                                    "description": .string(REPL.describeStop(reason) + ": " + step.name)]
            if entryPending, case .step = reason { body["reason"] = "entry" }
            entryPending = false
            if case .breakpoint(let id) = reason { body["hitBreakpointIds"] = [.int(id)] }
            lastFailure = nil
            if case .errorBranch(let payload, let handled) = reason {
                body["text"] = .string(payload?["message"]?.stringValue ?? payload.map(JSONPrinter.compact) ?? "failed")
                lastFailure = (step.name, payload, handled)
            }
            // What stayed unresolved in the paused action's options, as the REPL shows it at a stop.
            for d in step.templateDiagnostics {
                let place = (d.file ?? "") + (d.location.map { ":\($0)" } ?? "")
                channel.output("unresolved \(place) \(d.pointer): \(d.message)\n", category: "console")
            }
            channel.event("stopped", .object(body))
        case .idle:
            end()
        case .yielded:
            break   // the adapter sets no `yields`
        }
    }

    /// `exceptionInfo`: what failed at the stop, for the client's exception widget.
    func exceptionInfo(_ request: DAPRequest) {
        guard let failure = lastFailure else {
            return channel.fail(request, "the program did not stop at a failed action", message: "noException")
        }
        let message = failure.payload?["message"]?.stringValue ?? failure.payload.map(JSONPrinter.compact) ?? "failed"
        var details: JSONObject = ["message": .string(message), "typeName": .string(failure.type)]
        if let payload = failure.payload { details["stackTrace"] = .string("$jason on the error branch: " + JSONPrinter.compact(payload)) }
        channel.respond(to: request, body: [
            "exceptionId": .string(failure.type), "description": .string(message),
            "breakMode": .string(failure.handled ? "always" : "unhandled"), "details": .object(details),
        ])
    }

    static func reasonName(_ reason: StopReason) -> String {
        switch reason {
        case .step, .back: "step"
        case .breakpoint: "breakpoint"
        case .watch: "data breakpoint"
        case .errorBranch: "exception"
        case .interrupted: "pause"
        }
    }

    /// What went wrong since the last report (a chain ended on an error, a warning), as output.
    func reportDiagnostics() {
        guard let debugger, let program else { return }
        for diagnostic in shownDiagnostics.unseen(in: debugger.run.diagnostics) {
            channel.output(program.describe(diagnostic), category: "stderr")
        }
    }

    /// The program has ended (or was ended): its exit code as `jasonrun FLOW.json` would give it.
    func end() {
        guard !ended else { return }
        ended = true
        let diagnostics = (debugger?.run.diagnostics ?? []) + (program?.warnings ?? [])
        let code = diagnostics.contains { $0.severity == .error } ? 1 : 0
        channel.event("exited", ["exitCode": .int(code)])
        channel.event("terminated")
    }
}
