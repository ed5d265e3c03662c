import JasonActions
import JasonJSON
import JasonRuntime
import JasonScript

/// What one case did: everything its expectations are checked against.
package struct CaseRun: Sendable {
    package var printed: [String] = []
    package var logged: [String] = []
    package var rendered: JSON?
    package var get: JSONObject = [:]
    package var global: JSONObject = [:]
    package var cache: JSONObject = [:]
    /// Errors that ended chains, and warnings, in the order they were reported.
    package var diagnostics: [Diagnostic] = []
    package var visits: [Visit] = []
    /// Branches lambda calls took when their callees returned (for coverage).
    package var returns: [Visit] = []
    /// Set when the case could not run to its end: a limit stopped it, or an event made no sense.
    package var stopped: Failure?
    /// The document as it ran: with its mixins resolved (coverage counts their files' lines).
    package var document: Document?

    package var exit: Int { diagnostics.contains { $0.severity == .error } ? 1 : 0 }
    package var firstError: Diagnostic? { diagnostics.first { $0.severity == .error } }
}

/// Runs one case in a fresh interpreter: in-memory stores, the virtual clock, the file's stubs (no
/// request reaches the network) and the case's answers.
package enum CaseRunner {
    package static func run(_ testCase: TestCase, of file: TestFile) async -> CaseRun {
        let console = CaseConsole()
        let clock = VirtualClock()
        let stores = Stores.inMemory(global: testCase.global ?? [:])
        let files = FileTransport(next: OfflineTransport(), access: file.reading.access(home: file.home))
        let stubs = testCase.stubs ?? file.stubs
        var answers = stubs.answers
        for (type, list) in testCase.answers { answers[type] = list }
        var environment = ActionEnvironment(
            console: console, stores: stores, viewURL: file.viewURL, clock: clock,
            transport: StubTransport(stubs: stubs.network, next: files, clock: clock),
            answers: AnswerBook(answers), input: nil)
        environment.params = testCase.params ?? [:]
        let interpreter = Interpreter(document: file.document, registry: StandardLibrary.registry, environment: environment,
                                      scriptEngine: ScriptEngine(seed: testCase.limits.seed))
        interpreter.limits.maxSteps = testCase.limits.maxSteps
        interpreter.limits.timeLimit = testCase.limits.timeLimit
        let recorder = VisitRecorder()
        interpreter.observers.append(recorder)

        var run = CaseRun()
        await interpreter.start(jason: testCase.jason)
        run.document = interpreter.views[0].document
        await drive(interpreter, until: clock.now)
        for event in testCase.events where !hitStepLimit(interpreter) {
            if let problem = apply(event, to: interpreter) {
                run.stopped = Failure(problem, at: event.pointer)
                break
            }
            var end = clock.now
            if case .advance(let seconds) = event.kind { end += seconds }
            await drive(interpreter, until: end)
        }
        // A case that advances the clock itself keeps control of it; any other runs on, as a batch
        // run does, until the last timer (or the time limit).
        let advances = testCase.events.contains { if case .advance = $0.kind { true } else { false } }
        if run.stopped == nil, !advances { await drive(interpreter, until: nil) }

        run.printed = console.printed
        run.logged = console.logged
        run.rendered = console.body ?? interpreter.variables.body
        run.get = interpreter.variables.get
        run.global = interpreter.variables.global
        run.cache = interpreter.variables.cache
        run.diagnostics = interpreter.diagnostics
        run.visits = recorder.visits
        run.returns = recorder.returns
        if run.stopped == nil, let limit = run.diagnostics.first(where: { $0.id == .stepLimit || $0.id == .timeLimit }) {
            let hint = limit.id == .stepLimit ? " (raise \"maxSteps\" if it is meant to run that long)"
                                              : " (stop the timers, or raise \"timeLimit\")"
            run.stopped = Failure("the case never ended: " + limit.message.replacingOccurrences(
                of: limit.id == .stepLimit ? " (raise the limit with --max-steps)" : " (raise it with --time-limit)", with: "")
                + hint, at: testCase.pointer)
        }
        return run
    }

    /// Steps until nothing is running or queued; time passes only up to `end` (nil: to the time limit).
    static func drive(_ interpreter: Interpreter, until end: Double?) async {
        while !Task.isCancelled {
            if case .idle = await interpreter.step(until: end) { return }
        }
    }

    static func hitStepLimit(_ interpreter: Interpreter) -> Bool {
        interpreter.diagnostics.contains { $0.id == .stepLimit }
    }

    /// Queues what `event` causes; a message when it cannot happen.
    static func apply(_ event: Event, to interpreter: Interpreter) -> String? {
        switch event.kind {
        case .run(let name, let jason):
            guard interpreter.document.actions[name] != nil else {
                var message = "the view on screen has no head.actions entry \"\(name)\""
                if let near = Suggestion.closest(to: name, among: interpreter.document.actions.keys) {
                    message += "; did you mean \"\(near)\"?"
                }
                return message
            }
            interpreter.send(name, jason: jason)
        case .tap(let pointer):
            guard let item = item(at: pointer, in: interpreter) else {
                return "nothing to tap at \(pointer) in the view on screen"
            }
            guard interpreter.tap(item, at: pointer) else {
                return "the item at \(pointer) has neither an \"action\" nor an \"href\""
            }
        case .input(let name, let value):
            interpreter.input(name, value: value)
        case .advance:
            break   // the caller lets the time pass
        case .action(let action):
            interpreter.perform(action, label: "<test event>")
        }
        return nil
    }

    /// A body item by pointer: in the rendered body when the view has one, else as written.
    static func item(at pointer: JSONPointer, in interpreter: Interpreter) -> JSON? {
        let tokens = pointer.tokens
        if tokens.count >= 2, tokens[0] == "$jason", tokens[1] == "body", let body = interpreter.variables.body {
            let rest = tokens.dropFirst(2).reduce(JSONPointer.root) { $0.appending($1) }
            if let found = body.value(at: rest) { return found }
        }
        return interpreter.document.root.value(at: pointer)
    }
}
