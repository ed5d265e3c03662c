import Benchmark
import JasonJSON
import JasonRuntime

/// Untemplated action dispatch: how fast the interpreter loop itself is, with no template rendering.
/// Each benchmark reports per-action throughput (scaled by the number of actions one iteration runs).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
        maxDuration: .seconds(5), maxIterations: 1_000)

    // A chain of 1,000 nested `$set` actions; scaled so that the figures are per action.
    let setChain = Fixtures.setChain(length: 1_000)
    Benchmark("$set chain of 1000 (per action)", configuration: .init(scalingFactor: .kilo)) { _ in
        await Fixtures.run(setChain)
    }

    // A countdown loop through `trigger` in tail position: two actions per step. Figures are per loop;
    // peak memory should not grow with the number of steps.
    let loop = Fixtures.triggerLoop()
    for steps in [10_000, 100_000] {
        Benchmark("trigger loop of \(steps) steps (per loop)", configuration: .init(maxIterations: 10)) { _ in
            await Fixtures.run(loop, countdown: steps)
        }
    }
}

enum Fixtures {
    struct Silent: Console {
        func print(_ line: String) {}
        func printError(_ line: String) {}
    }

    /// `$bench.countdown` succeeds while `$get.n` is above zero (decrementing it) and fails at zero.
    static let registry: ActionRegistry = {
        var registry = ActionRegistry.core
        registry.register(group: "bench", ["countdown": ClosureHandler { invocation, context throws(ActionFailure) in
            guard case .int(let n)? = context.variables.get["n"], n > 0 else {
                throw ActionFailure(message: "done", type: invocation.type)
            }
            context.mergeGet(["n": .int(n - 1)])
            return nil
        }])
        return registry
    }()

    static func setChain(length: Int) -> Document {
        var action: JSON = ["type": "$set", "options": ["i": .int(length)]]
        for i in stride(from: length - 1, to: 0, by: -1) {
            action = ["type": "$set", "options": ["i": .int(i)], "success": action]
        }
        return try! Document.load(SourceFile(name: "chain.json", text: JSONPrinter.compact(action)))
    }

    static func triggerLoop() -> Document {
        let root: JSON = ["$jason": ["head": ["actions": [
            "$load": ["trigger": "loop"],
            "loop": ["type": "$bench.countdown", "success": ["trigger": "loop"], "error": ["type": "$set", "options": ["done": true]]],
        ]]]]
        return try! Document.load(SourceFile(name: "loop.json", text: JSONPrinter.compact(root)))
    }

    static func run(_ document: Document, countdown: Int = 0) async {
        let interpreter = Interpreter(document: document, registry: registry, console: Silent())
        interpreter.limits.maxSteps = nil
        interpreter.input("n", value: .int(countdown))
        await interpreter.start()
        await interpreter.runUntilIdle()
        precondition(interpreter.diagnostics.isEmpty, "\(interpreter.diagnostics)")
    }
}
