import JasonActions
import JasonJSON
import JasonRuntime
import JasonScript

/// What an exploration starts from and how far it goes.
package struct ExploreSetup: Sendable {
    package var document: Document
    /// The flow's URL: the key of its `$cache`, and the base of its relative URLs.
    package var viewURL: String
    /// What `file://` URLs may read (the flow's folder and `--allow-read`).
    package var files: FileAccess
    /// The answers to offer: each stubbed response or answer is one path.
    package var stubs = StubFile()
    package var maxPaths = 1_000
    /// How many answers from outside one path follows before it takes only the first answer of each.
    package var maxDepth = 50
    /// Each path is held to a test case's limits.
    package var maxSteps = 100_000
    package var timeLimit = 60.0
    package var seed: UInt64?

    package init(document: Document, viewURL: String, files: FileAccess) {
        self.document = document
        self.viewURL = viewURL
        self.files = files
    }
}

/// What an exploration did besides its paths.
package struct ExploreTotals: Sendable {
    package var paths = 0
    /// Actions where the outside world's answer forked the run.
    package var forks = 0
    /// Paths not followed because they came back to a moment already explored (a retry, two orders of
    /// the same answers).
    package var merged = 0
    /// Answers not followed because the path already had `maxDepth` of them.
    package var cutAtDepth = 0
    /// Whether `maxPaths` stopped the exploration before every path was followed.
    package var stoppedAtMaxPaths = false
}

/// `jasonrun explore`: runs the flow as a test case runs it, and wherever the outside world answers (a
/// request, a device, a person) follows every answer it could give. Each fork keeps a snapshot of the
/// run (one value) and the printed lines so far; the next answer restores the snapshot instead of
/// running the flow again. Moments met again (by `RunState.fingerprint`) are followed once. Paths go
/// to `found` as they end, so memory follows the depth of the forks, not the number of paths.
package struct Explorer {
    package var setup: ExploreSetup

    package init(_ setup: ExploreSetup) { self.setup = setup }

    private struct Fork {
        enum Kind {
            /// An action asked the outside world these questions.
            case answers(ActionStep, [Question])
            /// A timer is about to fire for the first time; the other way is that the run ends first.
            case timer(Timers.Entry, time: Double)
        }

        var snapshot: RunSnapshot
        var printed: Int
        var trail: [Choice]
        var kind: Kind
        var count: Int
        var next = 1
    }

    /// One interpreter, its printed lines and its outside world, and what the exploration found so far.
    private final class Session {
        let interpreter: Interpreter
        let console = PathConsole()
        let branches: Branches
        var totals = ExploreTotals()
        var seen = Set<Int>()
        let found: (ExplorePath) -> Void

        init(_ setup: ExploreSetup, found: @escaping (ExplorePath) -> Void) {
            self.found = found
            let clock = VirtualClock()
            branches = Branches(stubbed: setup.stubs.answers)
            let network = BranchingTransport(stubs: setup.stubs.network, chooser: branches, clock: clock)
            var environment = ActionEnvironment(console: console, stores: .inMemory(), viewURL: setup.viewURL, clock: clock,
                                                transport: FileTransport(next: network, access: setup.files), input: nil)
            environment.chooser = branches
            interpreter = Interpreter(document: setup.document, registry: StandardLibrary.registry, environment: environment,
                                      scriptEngine: ScriptEngine(seed: setup.seed))
            interpreter.limits.maxSteps = setup.maxSteps
            interpreter.limits.timeLimit = setup.timeLimit
        }
    }

    /// Explores from the flow's start, then (with `taps`) from each tap of the screen it shows once its
    /// start has run with the first answer to everything.
    package func run(taps: [JSONPointer] = [], found: @escaping (ExplorePath) -> Void) async -> ExploreTotals {
        let session = Session(setup, found: found)
        let interpreter = session.interpreter
        await interpreter.start()
        let start = interpreter.snapshot()
        guard await follow(session, events: [], trail: []) else { return session.totals }
        guard !taps.isEmpty else { return session.totals }
        // The screen after the start, as a test case sees it before its first event.
        interpreter.restore(start)
        session.console.keep(0)
        var trail: [Choice] = []
        var forks: [Fork]? = nil
        _ = await walk(session, until: interpreter.environment.clock.now, trail: &trail, forks: &forks)
        let loaded = interpreter.snapshot()
        let printed = session.console.count
        for tap in taps {
            interpreter.restore(loaded)
            session.console.keep(printed)
            guard let item = interpreter.document.root.value(at: tap), interpreter.tap(item, at: tap) else { continue }
            guard await follow(session, events: [tap], trail: trail) else { break }
        }
        return session.totals
    }

    /// Every path from the interpreter's state, depth first; false when `maxPaths` stopped it.
    private func follow(_ session: Session, events: [JSONPointer], trail start: [Choice]) async -> Bool {
        let interpreter = session.interpreter
        var stack: [Fork]? = []
        var trail = start
        var endsHere = false
        while !Task.isCancelled {
            // A path whose run ends before a timer fires ends where it was forked.
            let metAgain = endsHere ? false : await walk(session, until: nil, trail: &trail, forks: &stack)
            endsHere = false
            if metAgain {
                session.totals.merged += 1
            } else {
                let diagnostics = interpreter.diagnostics
                let firstError = diagnostics.first { $0.severity == .error }
                let timeLimit = diagnostics.contains { $0.id == .timeLimit } ? interpreter.environment.clock.now : nil
                session.found(ExplorePath(choices: trail, events: events, eventsAfter: events.isEmpty ? 0 : start.count,
                                          ending: Ending(diagnostics), printed: session.console.lines,
                                          exit: firstError == nil ? 0 : 1, firstError: firstError, timersStoppedAt: timeLimit))
                session.totals.paths += 1
            }
            while let last = stack?.last, last.next >= last.count { stack?.removeLast() }
            guard var forks = stack, !forks.isEmpty else { return true }
            if session.totals.paths >= setup.maxPaths {
                session.totals.stoppedAtMaxPaths = true
                return false
            }
            // The next answer of the latest fork with answers left.
            let fork = forks[forks.count - 1]
            forks[forks.count - 1].next += 1
            stack = forks
            interpreter.restore(fork.snapshot)
            session.console.keep(fork.printed)
            switch fork.kind {
            case .answers(let step, let questions):
                session.branches.arm(step, choice: fork.next)
                _ = await interpreter.step()
                let asked = session.branches.disarm()
                trail = fork.trail + [Choice(step, asked.isEmpty ? questions : asked, choice: fork.next)]
            case .timer(let timer, let time):
                trail = fork.trail + [Choice(timer: timer, fires: false, time: time)]
                endsHere = true
            }
        }
        return false
    }

    /// Runs one path on to its end (time passing up to `end`), taking the first answer at each question
    /// and, when `forks` is given, keeping a fork for the others. True when the path came back to a
    /// moment already explored (it is then left there).
    private func walk(_ session: Session, until end: Double?, trail: inout [Choice], forks: inout [Fork]?) async -> Bool {
        let interpreter = session.interpreter
        while !Task.isCancelled {
            guard let step = interpreter.pending, case .type = step.target else {
                // A timer about to fire for the first time on this path: the run may also end before it does.
                if forks != nil, trail.count < setup.maxDepth, let timer = interpreter.timerDueNext,
                   !trail.contains(where: { $0.type == "timer " + timer.name }) {
                    let snapshot = interpreter.snapshot()
                    guard session.seen.insert(snapshot.fingerprint).inserted else { return true }
                    let time = interpreter.environment.clock.now
                    session.totals.forks += 1
                    forks?.append(Fork(snapshot: snapshot, printed: session.console.count, trail: trail,
                                       kind: .timer(timer, time: time), count: 2))
                    trail.append(Choice(timer: timer, fires: true, time: time))
                }
                if case .idle = await interpreter.step(until: end) { return false }
                continue
            }
            let snapshot = interpreter.snapshot()
            let printed = session.console.count
            session.branches.arm(step, choice: 0)
            _ = await interpreter.step(until: end)
            let questions = session.branches.disarm()
            guard !questions.isEmpty else { continue }
            let count = questions.map(\.alternatives.count).max() ?? 1
            if count > 1, forks != nil {
                if trail.count >= setup.maxDepth {
                    session.totals.cutAtDepth += count - 1
                } else if !session.seen.insert(snapshot.fingerprint).inserted {
                    return true
                } else {
                    session.totals.forks += 1
                    forks?.append(Fork(snapshot: snapshot, printed: printed, trail: trail, kind: .answers(step, questions), count: count))
                }
            }
            trail.append(Choice(step, questions, choice: 0))
        }
        return false
    }
}
