import Foundation
import JasonActions
import JasonJSON
import JasonScript
@testable import JasonRuntime
import Synchronization
import TestSupport
import Testing

/// The run's state is one value: running N steps, taking a snapshot, running M more, restoring it and
/// running the M again gives the same trace, the same output and the same state, with timers, stores,
/// device answers, lambdas, restarts and diagnostics in play. Over generated flows, the fuzzer's seeds,
/// the examples and the real documents of the corpus.
@Suite struct SnapshotPropertyTests {
    /// Every action boundary and every line printed, as text.
    final class Tape: ExecutionObserver, Console {
        private let lines = Mutex<[String]>([])
        func observe(_ event: ExecutionEvent) async { record(Self.describe(event)) }
        func print(_ line: String) { record("print " + line) }
        func printError(_ line: String) { record("error " + line) }
        // Bodies can be large and drawn thousands of times: their hash tells them apart well enough.
        func present(body: JSON) { record("body \(body.hashValue)") }
        func record(_ line: String) { lines.withLock { $0.append(line) } }
        func take() -> [String] { lines.withLock { l in defer { l = [] }; return l } }

        static func describe(_ event: ExecutionEvent) -> String {
            switch event {
            case .chainStarted(let origin): "start \(origin)"
            case .willRun(let step): "run \(step.name) \(step.path) \(step.options.hashValue) \(step.jason.hashValue)"
            case .succeeded(let step, let jason): "ok \(step.name) \(jason.hashValue)"
            case .failed(let step, let payload): "failed \(step.name) \(payload.hashValue)"
            case .branchTaken(let step, let branch): "branch \(step.name) \(branch)"
            case .chainEnded(let outcome): "end \(outcome)"
            }
        }
    }

    static let answers = AnswerBook([
        "$geo.get": [.value(["coord": "1,2"]), .error(["message": "no fix"]), .value(["coord": "3,4"])],
        "$util.alert": [.value(["who": "Ann"]), .cancel, .value(["who": "Bo"])],
    ])

    /// One JavaScript engine for every run: what JavaScript holds is not part of a snapshot, and the
    /// flows checked define no globals, so sharing it changes nothing but the memory the suite takes. Its
    /// limits are the fuzzer's: a runaway seed would otherwise grow the heap to the default 1 GB.
    static let engine = ScriptEngine(limits: ScriptLimits(time: 0.25, memory: 64 << 20))

    static func interpreter(_ document: Document, tape: Tape) -> Interpreter {
        let environment = ActionEnvironment(console: tape, stores: .inMemory(global: ["seeded": true]), viewURL: "",
                                            clock: VirtualClock(), answers: answers)
        let interpreter = Interpreter(document: document, registry: StandardLibrary.registry, environment: environment,
                                      scriptEngine: engine)
        interpreter.observers = [tape]
        interpreter.limits.maxSteps = 3_000
        interpreter.limits.timeLimit = 40
        return interpreter
    }

    /// Everything in the state that can be told apart from outside, as text.
    static func digest(_ interpreter: Interpreter) -> String {
        let state = interpreter.snapshot()
        var lines = ["steps \(state.steps) streak \(state.restartStreak) time \(state.time) views \(state.nextView)"]
        lines.append("queue " + state.queue.map { call in
            let start = switch call.start {
            case .node(let node): "node \(node.path)"
            case .named(let name): "named \(name)"
            case .json(let json, let origin): "json \(origin) \(JSONPrinter.compact(json))"
            case .resume(let node, let frames, let origin): "resume \(node.path) \(frames.count) \(origin)"
            }
            return start + " " + (call.jason.map(JSONPrinter.compact) ?? "-")
        }.joined(separator: "; "))
        if let chain = state.chain {
            lines.append("chain \(chain.origin) \(chain.pending?.name ?? "-") \(chain.jason.map(JSONPrinter.compact) ?? "-") \(chain.frames.count) \(chain.outcome)")
        }
        for view in state.views {
            let v = view.variables
            lines.append("view \(view.id) \(view.url) " + JSONPrinter.compact([
                "get": .object(v.get), "params": .object(v.params), "cache": .object(v.cache), "global": .object(v.global),
                "data": .object(v.viewData), "scripts": .object(v.scriptGlobals), "body": v.body ?? .null,
            ]) + " callback \(view.callback != nil)")
        }
        for timer in state.timers.active {
            lines.append("timer \(timer.name) \(timer.due) \(timer.interval) \(timer.repeats) \(timer.action.path)")
        }
        for (name, value) in state.stores.sorted(by: { $0.key < $1.key }) {
            lines.append("store \(name) " + JSONPrinter.compact(.object(value)))
        }
        for (type, queue) in state.answers.queues.sorted(by: { $0.key < $1.key }) { lines.append("answers \(type) \(queue.count)") }
        for issue in state.issues.all { lines.append("issue \(issue.id.rawValue) \(issue.count) \(issue.message)") }
        return lines.joined(separator: "\n")
    }

    /// Runs `steps` boundaries (fewer when it goes idle).
    static func run(_ interpreter: Interpreter, steps: Int) async -> Int {
        for done in 0..<steps {
            if case .idle = await interpreter.step(until: 40) { return done }
        }
        return steps
    }

    /// Checks the property on `document` at a few cut points; the comment says which when it fails.
    static func check(_ document: Document, name: String, seed: UInt64) async {
        var random = SplitMix(seed: seed)
        let measure = Tape()
        let probe = interpreter(document, tape: measure)
        await probe.start()
        let total = await run(probe, steps: 4_000)
        for _ in 0..<3 {
            let tape = Tape()
            let interpreter = interpreter(document, tape: tape)
            await interpreter.start()
            let n = Int(random.next() % UInt64(max(total, 1)))
            let m = 1 + Int(random.next() % UInt64(max(total - n, 1) + 1))
            _ = await run(interpreter, steps: n)
            let snapshot = interpreter.snapshot()
            _ = tape.take()
            _ = await run(interpreter, steps: m)
            let first = (tape.take(), digest(interpreter))
            interpreter.restore(snapshot)
            _ = await run(interpreter, steps: m)
            let second = (tape.take(), digest(interpreter))
            #expect(first.0 == second.0, "\(name): the trace after restoring at step \(n) differs within \(m) steps")
            #expect(first.1 == second.1, "\(name): the state after restoring at step \(n) and \(m) more steps differs")
        }
    }

    @Test(arguments: 0..<120)
    func generatedFlows(seed: Int) async throws {
        var flows = RandomFlows(seed: UInt64(seed))
        let text = JSONPrinter.pretty(flows.document())
        let document = try Document.load(SourceFile(name: "random-\(seed).json", text: text))
        await Self.check(document, name: "random flow \(seed)", seed: UInt64(seed) &* 31 &+ 7)
    }

    /// The fuzzer's seeds, the examples and the corpus: real documents, minus those whose JavaScript is
    /// not deterministic (random numbers, the date) or defines globals (which a snapshot does not hold).
    @Test func writtenDocuments() async throws {
        let folders = [Paths.packageRoot.appendingPathComponent("Fuzz/Seeds/interpreter"),
                       Paths.shared.appendingPathComponent("corpus/documents")]
        var files = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
                .filter { $0.hasSuffix(".json") }.map { folder.appendingPathComponent($0) }
        }
        files += ((try? FileManager.default.contentsOfDirectory(atPath: Paths.examples.path)) ?? []).sorted()
            .map { Paths.examples.appendingPathComponent($0).appendingPathComponent("flow.json") }
        var checked = 0
        for (i, file) in files.enumerated() {
            guard let text = try? String(contentsOf: file, encoding: .utf8),
                  !["random", "Date", "$script", "getTime"].contains(where: text.contains),
                  let document = try? Document.load(SourceFile(name: file.lastPathComponent, text: text)) else { continue }
            await Self.check(document, name: file.lastPathComponent, seed: UInt64(i))
            checked += 1
        }
        #expect(checked >= 60, "only \(checked) documents were checked")
    }
}
