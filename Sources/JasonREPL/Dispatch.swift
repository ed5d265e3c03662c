import JasonDebugger
import Foundation
import JasonJSON
import JasonRuntime

/// What each command does.
extension REPL {
    var interpreter: any RunView { debugger.run }
    var session: DebugSession { debugger.session }

    var pausedStep: ActionStep? { debugger.pausedStep }

    /// `$jason` for expressions typed at the prompt: the selected frame's (the paused action's unless
    /// `up`/`frame` chose a caller), else what the last chain ended with.
    var currentJason: JSON? { debugger.currentJason }

    func perform(_ command: Command, _ argument: String) async -> Bool {
        switch command {
        case .quit: return !leaveAtEnd(typed: true)   // as Ctrl-D: asks first while a program is paused
        case .help: help(argument)
        case .run: await runEvent(argument)
        case .trigger: await trigger(argument)
        case .step, .next, .finish, .continue: await go(command)
        case .until:
            guard let mode = untilMode(argument) else { return usage(command) }
            await go(command, mode: mode)
        case .back:
            guard let count = argument.isEmpty ? 1 : Int(argument), count >= 1 else { return usage(command) }
            guard let event = debugger.back(count) else {
                write("error: there is no \(debugger.reachedOldestKept ? "older kept step" : "action before this one") to go back to\n")
                noteHistoryLimit()
                return true
            }
            show(event)
            noteUndoneScripts()
            noteHistoryLimit()
        case .reverseContinue:
            guard let event = debugger.reverseContinue() else {
                write("error: there is no \(debugger.reachedOldestKept ? "older kept step" : "action before this one") to go back to\n")
                noteHistoryLimit()
                return true
            }
            show(event)
            noteUndoneScripts()
            noteHistoryLimit()
        case .break: addBreakpoint(argument)
        case .tbreak: addBreakpoint(argument, temporary: true)
        case .delete: delete(argument)
        case .disable, .enable: setEnabled(argument, command == .enable)
        case .ignore: ignore(argument)
        case .info: info(argument)
        case .set: setVariable(argument)
        case .watch:
            guard !argument.isEmpty else { return usage(command) }
            let watch = session.addWatch(argument, value: evaluate(argument, jason: currentJason).text)
            write("watch \(watch.id): \(watch.expression) = \(watch.last ?? "")\n")
        case .print:
            guard !argument.isEmpty else { return usage(command) }
            printValue(argument)
        case .vars: write(Display.vars(interpreter.templateData(jason: currentJason)))
        case .stack: write(Display.stack(frames, selected: session.selectedFrame))
        case .up, .down, .frame: moveFrame(command, argument)
        case .where: write(Display.whereabouts(selectedFrame?.path, document: debugger.document))
        case .clock: write("clock: \(JSNumber.format(interpreter.environment.clock.now)) s\n")
        case .advance: await advance(argument)
        case .timers: write(Display.timers(interpreter.timers.active, now: interpreter.environment.clock.now))
        case .views: write(Display.views(interpreter.views))
        case .load: await load(argument)
        case .list: list(argument)
        }
        return true
    }

    func noteUndoneScripts() {
        guard let note = debugger.undoneScriptsNote else { return }
        write("note: \(note)\n")
    }

    func noteHistoryLimit() {
        guard debugger.reachedOldestKept, let kept = debugger.keptSteps else { return }
        write("note: this is the oldest step kept: history keeps the last \(kept) steps "
              + "(set with jasonrun repl --step-history N)\n")
    }

    func usage(_ command: Command) -> Bool {
        write("error: expected \(command.usage)\n")
        return true
    }

    func help(_ argument: String) {
        guard !argument.isEmpty else { return write(Command.helpText + "\n") }
        guard case .found(let command) = Command.lookup(argument) else {
            if let reference = actionHelp(argument) { return write(reference) }
            return write("error: no command or action '\(argument)'\n")
        }
        write("\(command.usage)\n  \(command.summary)\n")
    }

    var isPaused: Bool { pausedStep != nil }

    func refusePaused() -> Bool {
        guard isPaused else { return false }
        write("error: the program is paused; continue, step, next or finish it first\n")
        return true
    }

    func runEvent(_ name: String) async {
        if refusePaused() { return }
        if name.isEmpty {
            guard interpreter.hasQueuedCalls else {
                return write("nothing is queued: trigger NAME, run EVENT, or type an action\n")
            }
            return show(await debugger.submit(nil))
        }
        guard debugger.document.actions[name] != nil else {
            return write("error: no action '\(name)' in head.actions; there are: "
                         + debugger.document.actions.keys.sorted().joined(separator: ", ") + "\n")
        }
        show(await debugger.submit(QueuedCall(.named(name))))
    }

    func trigger(_ argument: String) async {
        if refusePaused() { return }
        let name = String(argument.prefix { !$0.isWhitespace })
        let rest = argument.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return write("error: expected trigger NAME [JSON]\n") }
        guard debugger.document.actions[name] != nil else {
            return write("error: no action '\(name)' in head.actions\n")
        }
        var jason: JSON?
        if !rest.isEmpty {
            do { jason = try JSONParser.parse(rest) } catch {
                return write("error: the $jason for \(name) is not JSON: \(error.message) at \(error.location)\n")
            }
        }
        show(await debugger.submit(QueuedCall(.named(name), jason: jason)))
    }

    func runTyped(_ text: String) async {
        if refusePaused() { return }
        let action: JSON
        do { action = try JSONParser.parse(text) } catch {
            return write("error: not a JSON action: \(error.message) at \(error.location)\n")
        }
        let event = await debugger.submit(QueuedCall(.json(action, origin: "<repl>")), alone: true)
        show(event)
        if case .idle = event { write("$jason = " + (debugger.result.map(JSONPrinter.compact) ?? "undefined") + "\n") }
    }

    /// `until` (past the current line, at this depth) or `until LINE`; nil for an argument that is no line.
    func untilMode(_ argument: String) -> DebugSession.Mode? {
        let step = pausedStep
        let here = step?.path.location?.line ?? 0
        if argument.isEmpty {
            return .until(depth: step?.depth ?? 0, file: step?.path.file, line: here, anyDepth: false)
        }
        guard let line = Int(argument), line >= 1 else { return nil }
        return .until(depth: step?.depth ?? 0, file: step?.path.file ?? interpreter.document.fileName,
                      line: line, anyDepth: true)
    }

    func go(_ command: Command, mode chosen: DebugSession.Mode? = nil) async {
        let depth = pausedStep?.depth ?? 0
        let mode: DebugSession.Mode
        switch command {
        case _ where chosen != nil: mode = chosen!
        case .step: mode = .stepInto
        case .next: mode = .stepOver(depth: depth)
        case .finish: mode = .finish(depth: depth)
        default: mode = .run
        }
        if isPaused { return show(await debugger.resume(mode)) }
        guard interpreter.hasQueuedCalls else {
            lastRepeatable = nil
            return write("nothing is running: run, trigger NAME or type an action\n")
        }
        session.setMode(mode)
        show(await debugger.submit(nil))
    }

    func advance(_ argument: String) async {
        if refusePaused() { return }
        guard let seconds = Display.seconds(argument) else {
            return write("error: expected advance DURATION, as in 90, 90s, 1500ms or 2m\n")
        }
        show(await debugger.submit(nil, advancing: seconds))
    }

    func load(_ path: String) async {
        guard !path.isEmpty else { return write("error: expected load FILE\n") }
        let data: [UInt8]
        switch debugger.setup.files.contents(of: path) {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            return write("error: " + (problem.isMissing ? "\(path): no such file or not readable" : problem.description) + "\n")
        }
        do {
            let document = try Document.load(SourceFile(name: path, bytes: data))
            await debugger.load(document, url: LocalPath(path).url)
            shownDiagnostics = DiagnosticCursor()
            write("loaded \(path): " + Display.summary(debugger.document) + "\n")
        } catch {
            write(describe(error))
        }
    }
}
