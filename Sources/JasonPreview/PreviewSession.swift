import JasonJSON
import JasonRuntime

/// Runs the program for the page: the only owner of the interpreter. It drives `Interpreter.step()`
/// as the REPL's debugger does, takes the pages' commands between two steps, and after each burst of
/// work publishes what changed (the view on top, the variables, the trace) through the link.
///
/// Timers run on the wall clock: when nothing is queued, the session sleeps until the next timer is
/// due or a command arrives.
package final class PreviewSession {
    package enum Mode: String, Sendable {
        case running, paused
    }

    let interpreter: Interpreter
    let link: PreviewLink
    /// Diagnostics as text for the page's output (the CLI's renderer).
    let describe: @Sendable (Diagnostic) -> String
    let tracer: TraceCollector
    package internal(set) var mode = Mode.running
    /// The run before each action performed, newest last: the panel's `back` restores them.
    var history: [RunSnapshot] = []
    static let historyLimit = 10_000
    var shownView: ServerMessage.ViewPicture?
    var shownState: ServerMessage.StatePicture?
    /// Diagnostics already sent to the pages.
    var reportedCount = 0

    package init(interpreter: Interpreter, link: PreviewLink, describe: @escaping @Sendable (Diagnostic) -> String) {
        self.interpreter = interpreter
        self.link = link
        self.describe = describe
        tracer = TraceCollector(clock: interpreter.environment.clock)
        interpreter.observers.append(tracer)
        // The page stays open as long as the user likes; timers tick until then.
        interpreter.limits.timeLimit = nil
    }

    /// Starts the document (as `jasonrun FLOW` does) and serves the pages until the task is cancelled.
    package func run(jason: JSON? = nil, paused: Bool = false) async {
        interpreter.start(jason: jason)
        if paused {
            mode = .paused
            // Start the first chain, so the panel shows the action it is paused before.
            _ = await interpreter.step(until: interpreter.environment.clock.now)
        }
        publish()
        var burst = 0
        while !Task.isCancelled {
            for command in link.takeCommands() { await handle(command) }
            if mode == .running, await advance() {
                burst += 1
                if burst % 100 == 0 {
                    publish()
                    await Task.yield()
                }
                continue
            }
            burst = 0
            publish()
            let clock = interpreter.environment.clock
            let due = mode == .running ? interpreter.timers.nextDue.map { $0 - clock.now } : nil
            await link.doorbell.wait(seconds: due)
        }
    }

    /// One boundary of the interpreter, remembering the run before an action; false when idle.
    func advance() async -> Bool {
        if interpreter.pending != nil { remember() }
        let outcome = await interpreter.step(until: interpreter.environment.clock.now)
        if case .idle = outcome { return false }
        return true
    }

    private func remember() {
        history.append(interpreter.snapshot())
        if history.count > 2 * Self.historyLimit { history.removeFirst(Self.historyLimit) }
    }

    func handle(_ command: PreviewLink.Command) async {
        switch command.message {
        case .tap(let path):
            guard let body = interpreter.variables.body, let item = body.value(at: JSONPointer(path)) else {
                return link.send(.error("nothing at \(path) in the body on screen"), to: command.client)
            }
            // A body written in the document (not rendered from a template) locates the tapped item.
            let written = interpreter.document.body == body ? JSONPointer("/$jason/body" + path) : nil
            if !interpreter.tap(item, at: written) {
                link.send(.error("the element at \(path) has neither action nor href"), to: command.client)
            }
        case .input(let name, let value):
            interpreter.input(name, value: value)
        case .back:
            if !interpreter.back() {
                link.send(.error("there is no view to go back to"), to: command.client)
            }
        case .debug(let debug):
            await control(debug)
        case .answer, .hello:
            break   // the link answers these itself
        }
    }

    /// The side panel's pause / step / continue / back.
    func control(_ command: ClientMessage.DebugCommand) async {
        switch command {
        case .pause:
            mode = .paused
        case .continue:
            mode = .running
        case .step:
            mode = .paused
            var performed = false
            while !Task.isCancelled {
                if interpreter.pending != nil {
                    if performed { break }
                    remember()
                }
                let outcome = await interpreter.step(until: interpreter.environment.clock.now)
                if case .performed = outcome { performed = true }
                if case .idle = outcome { break }
            }
        case .back:
            mode = .paused
            guard let snapshot = history.popLast() else {
                return link.publish(.output("back: no action before this one is remembered"))
            }
            interpreter.restore(snapshot)
        }
    }
}
