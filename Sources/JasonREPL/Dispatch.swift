import Foundation
import JasonJSON
import JasonRuntime

/// What each command does.
extension REPL {
    var interpreter: Interpreter { debugger.interpreter }
    var session: DebugSession { debugger.session }

    var pausedStep: ActionStep? {
        if case .paused(let step, _) = session.state { return step }
        return nil
    }

    /// `$jason` for expressions typed at the prompt: the paused action's, else what the last chain
    /// ended with.
    var currentJason: JSON? { pausedStep.map(\.jason) ?? debugger.result }

    func perform(_ command: Command, _ argument: String) async -> Bool {
        switch command {
        case .quit: return false
        case .help: help(argument)
        case .run: await runEvent(argument)
        case .trigger: await trigger(argument)
        case .step, .next, .finish, .continue: await go(command)
        case .back:
            guard let count = argument.isEmpty ? 1 : Int(argument), count >= 1 else { return usage(command) }
            guard let event = debugger.back(count) else {
                write("error: there is no action before this one to go back to\n")
                return true
            }
            show(event)
            noteUndoneScripts()
        case .reverseContinue:
            guard let event = debugger.reverseContinue() else {
                write("error: there is no action before this one to go back to\n")
                return true
            }
            show(event)
            noteUndoneScripts()
        case .break: addBreakpoint(argument)
        case .delete:
            guard let id = Int(argument), session.delete(id) else {
                let ids = session.breakpoints.map { "\($0.id)" } + session.watches.map { "\($0.id)" }
                write("error: delete takes the number of a breakpoint or watch; "
                      + (ids.isEmpty ? "there are none\n" : "they are: " + ids.joined(separator: ", ") + "\n"))
                return true
            }
            write("deleted \(id)\n")
        case .watch:
            guard !argument.isEmpty else { return usage(command) }
            let watch = session.addWatch(argument, value: evaluate(argument, jason: currentJason).text)
            write("watch \(watch.id): \(watch.expression) = \(watch.last ?? "")\n")
        case .print:
            guard !argument.isEmpty else { return usage(command) }
            printValue(argument)
        case .vars: write(Display.vars(interpreter.state.templateData(jason: currentJason)))
        case .stack: write(Display.stack(pausedStep))
        case .where: write(Display.whereabouts(pausedStep, document: debugger.document))
        case .clock: write("clock: \(JSNumber.format(interpreter.environment.clock.now)) s\n")
        case .advance: await advance(argument)
        case .timers: write(Display.timers(interpreter.timers.active, now: interpreter.environment.clock.now))
        case .views: write(Display.views(interpreter.views.all))
        case .load: await load(argument)
        }
        return true
    }

    func noteUndoneScripts() {
        guard let name = debugger.undoneScripts.first else { return }
        write("note: went back over \(name); what it defined in JavaScript stays defined (a snapshot cannot undo it)\n")
    }

    func usage(_ command: Command) -> Bool {
        write("error: expected \(command.usage)\n")
        return true
    }

    func help(_ argument: String) {
        guard !argument.isEmpty else { return write(Command.helpText + "\n") }
        guard case .found(let command) = Command.lookup(argument) else {
            return write("error: no command '\(argument)'\n")
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
            guard !interpreter.inbox.isEmpty else {
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

    func go(_ command: Command) async {
        let depth = pausedStep?.depth ?? 0
        let mode: DebugSession.Mode = switch command {
        case .step: .stepInto
        case .next: .stepOver(depth: depth)
        case .finish: .finish(depth: depth)
        default: .run
        }
        if isPaused { return show(await debugger.resume(mode)) }
        guard !interpreter.inbox.isEmpty else {
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

    func addBreakpoint(_ argument: String) {
        var spec = argument
        var condition: String?
        if let range = argument.range(of: " if ") {
            spec = String(argument[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
            var written = Display.unwrap(String(argument[range.upperBound...]).trimmingCharacters(in: .whitespaces))
            if written.hasPrefix("{{") { written.removeFirst(2) }   // an unclosed {{: the check below says why
            condition = written
        }
        guard !spec.isEmpty else {
            guard !session.breakpoints.isEmpty else { return write("no breakpoints\n") }
            return write("breakpoints:\n" + session.breakpoints.map { "  \($0.id): \(Display.describe($0))\n" }.joined())
        }
        let target: Breakpoint.Target
        if spec == "error" { target = .error }
        else if spec.hasPrefix("/") { target = .pointer(spec) }
        else if debugger.document.actions[spec] != nil { target = .name(spec) }
        else if spec.hasPrefix("$") || spec.hasPrefix("@") || spec.contains("*") || spec == "trigger" { target = .type(spec) }
        else {
            return write("error: '\(spec)' is not an action type ($…), a head.actions name, a JSON pointer (/…) or error\n")
        }
        let breakpoint = session.addBreakpoint(target, condition: condition)
        write("breakpoint \(breakpoint.id): \(Display.describe(breakpoint))\n")
        if let warning = neverMatches(target, condition: condition) { write("warning: \(warning)\n") }
    }

    /// Why a breakpoint can never stop the program, if it cannot.
    func neverMatches(_ target: Breakpoint.Target, condition: String?) -> String? {
        if let condition, let problem = compileProblem(condition) {
            return "the condition {{\(condition)}} does not compile (\(problem)), so it never holds"
        }
        switch target {
        case .type(let type) where !type.contains("*") && type != "trigger" && !type.hasPrefix("@"):
            let known = Set(debugger.setup.registry.specs.map(\.type))
            guard !known.contains(type) else { return nil }
            return "no action type '\(type)' is known, so this breakpoint never stops (break alone lists them, help lists the types)"
        case .pointer(let pointer):
            guard debugger.document.root.value(at: JSONPointer(pointer)) == nil else { return nil }
            return "the document has nothing at \(pointer), so this breakpoint never stops"
        default:
            return nil
        }
    }

    /// The JavaScript syntax error in an expression, compiled but not run.
    func compileProblem(_ expression: String) -> String? {
        let quoted = JSONPrinter.compact(.string(expression))
        let check = "(function(){ try { new Function(\"return (\" + \(quoted) + \")\"); return '' } catch (e) { return String(e) } })()"
        let rendered = interpreter.render(.string("{{" + check + "}}"), jason: nil).value
        guard case .string(let problem)? = rendered, !problem.isEmpty, !problem.hasPrefix("{{") else { return nil }
        return problem
    }

    func load(_ path: String) async {
        guard !path.isEmpty else { return write("error: expected load FILE\n") }
        guard let data = FileManager.default.contents(atPath: path) else {
            return write("error: \(path): no such file or not readable\n")
        }
        do {
            let document = try Document.load(SourceFile(name: path, bytes: [UInt8](data)))
            debugger.load(document, url: URL(fileURLWithPath: path).standardizedFileURL.absoluteString)
            reportedDiagnostics = 0
            write("loaded \(path): " + Display.summary(document) + "\n")
        } catch {
            write(describe(error))
        }
    }
}
