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
/// running the flow again. Moments met again (by `Interpreter.fingerprint`) are followed once. Paths go
/// to `found` as they end, so memory follows the depth of the forks, not the number of paths.
package struct Explorer {
    package var setup: ExploreSetup

    package init(_ setup: ExploreSetup) { self.setup = setup }

    private struct Fork {
        var snapshot: RunSnapshot
        var printed: Int
        var trail: [Choice]
        var step: ActionStep
        var questions: [Question]
        var count: Int
        var next = 1
    }

    package func run(found: (ExplorePath) -> Void) async -> ExploreTotals {
        let console = PathConsole()
        let clock = VirtualClock()
        let branches = Branches(stubbed: setup.stubs.answers)
        let network = BranchingTransport(stubs: setup.stubs.network, chooser: branches, clock: clock)
        var environment = ActionEnvironment(console: console, stores: .inMemory(), viewURL: setup.viewURL, clock: clock,
                                            transport: FileTransport(next: network, access: setup.files), input: nil)
        environment.chooser = branches
        let interpreter = Interpreter(document: setup.document, registry: StandardLibrary.registry, environment: environment,
                                      scriptEngine: ScriptEngine(seed: setup.seed))
        interpreter.limits.maxSteps = setup.maxSteps
        interpreter.limits.timeLimit = setup.timeLimit

        var totals = ExploreTotals()
        var stack: [Fork] = []
        var seen = Set<Int>()
        var trail: [Choice] = []
        await interpreter.start()
        while !Task.isCancelled {
            var metAgain = false
            // One path, from where it starts (or forked) to its end.
            while !Task.isCancelled {
                guard let step = interpreter.pending, case .type = step.target else {
                    if case .idle = await interpreter.step() { break }
                    continue
                }
                let before = interpreter.fingerprint()
                let snapshot = interpreter.snapshot()
                let printed = console.count
                branches.arm(step, choice: 0)
                _ = await interpreter.step()
                let questions = branches.disarm()
                guard !questions.isEmpty else { continue }
                let count = questions.map(\.alternatives.count).max() ?? 1
                if count > 1 {
                    if trail.count >= setup.maxDepth {
                        totals.cutAtDepth += count - 1
                    } else if !seen.insert(before).inserted {
                        metAgain = true
                        break
                    } else {
                        totals.forks += 1
                        stack.append(Fork(snapshot: snapshot, printed: printed, trail: trail, step: step,
                                          questions: questions, count: count))
                    }
                }
                trail.append(Choice(step, questions, choice: 0))
            }
            if metAgain {
                totals.merged += 1
            } else {
                let diagnostics = interpreter.diagnostics
                let firstError = diagnostics.first { $0.severity == .error }
                found(ExplorePath(choices: trail, ending: Ending(diagnostics), printed: console.lines,
                                  exit: firstError == nil ? 0 : 1, firstError: firstError))
                totals.paths += 1
            }
            while let last = stack.last, last.next >= last.count { stack.removeLast() }
            guard !stack.isEmpty else { break }
            if totals.paths >= setup.maxPaths {
                totals.stoppedAtMaxPaths = true
                break
            }
            // The next answer of the latest fork with answers left.
            let fork = stack[stack.count - 1]
            stack[stack.count - 1].next += 1
            interpreter.restore(fork.snapshot)
            console.keep(fork.printed)
            branches.arm(fork.step, choice: fork.next)
            _ = await interpreter.step()
            let asked = branches.disarm()
            trail = fork.trail + [Choice(fork.step, asked.isEmpty ? fork.questions : asked, choice: fork.next)]
        }
        return totals
    }
}
