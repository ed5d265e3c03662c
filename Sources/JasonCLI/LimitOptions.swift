import ArgumentParser
import Foundation
import JasonRuntime
import JasonScript

/// The limits a run keeps to (`run`, `repl`): `--max-steps`, `--time-limit`, `--wall-limit`,
/// `--max-views`, `--js-time`, `--js-memory` (Docs/Diagnostics.md).
struct LimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Stop when timers would run past this time: seconds, or with s, ms or m (default 60s for a run, "
                               + "none in the REPL, where time passes only when asked; 0 for no limit).", valueName: "time"))
    var timeLimit: String?

    @Option(help: "Stop after this many actions (default 1,000,000; 0 for no limit).")
    var maxSteps: Int = Values.standard.maxSteps

    @Option(help: ArgumentHelp("Stop when the run has taken this much real time: seconds, or with s, ms or m (default 5m; 0 for no limit).",
                               valueName: "time"))
    var wallLimit: String = Values.standard.wallLimit

    @Option(help: "Views a $href may stack up before it fails (default 100; 0 for no limit).")
    var maxViews: Int = Values.standard.maxViews

    @Option(help: ArgumentHelp("How long one {{ }} expression may run: seconds, or with s, ms or m (default 1s).", valueName: "time"))
    var jsTime: String = Values.standard.jsTime

    @Option(help: ArgumentHelp("How large JavaScript's heap may grow, in MB (default 1024).", valueName: "MB"))
    var jsMemory: Int = Values.standard.jsMemory

    var values: Values {
        Values(timeLimit: timeLimit, maxSteps: maxSteps, wallLimit: wallLimit, maxViews: maxViews, jsTime: jsTime,
               jsMemory: jsMemory)
    }

    func validate() throws { if let problem = values.problem { throw ValidationError(problem) } }

    /// What the options say, as plain values: RunArguments fills these without ArgumentParser's types.
    struct Values {
        static let standard = Values()

        var timeLimit: String?
        var maxSteps = 1_000_000
        var wallLimit = "5m"
        var maxViews = 100
        var jsTime = "1s"
        var jsMemory = 1024

        /// Why the values cannot be run with, as ArgumentParser would say it; nil when they can.
        var problem: String? {
            if maxSteps < 0 { return "--max-steps must be 0 or more" }
            if let timeLimit, Self.seconds(timeLimit) == nil { return "--time-limit takes seconds, as in 90, 90s, 1500ms or 2m" }
            if Self.seconds(wallLimit) == nil { return "--wall-limit takes seconds, as in 90, 90s, 1500ms or 2m" }
            guard let js = Self.seconds(jsTime), js > 0, js <= 3600 else {
                return "--js-time takes a time above 0 and up to an hour, as in 1, 250ms or 5s"
            }
            if maxViews < 0 { return "--max-views must be 0 or more" }
            if jsMemory < 16 || jsMemory > 1 << 20 { return "--js-memory takes megabytes, from 16 to 1048576" }
            return nil
        }

        /// The interpreter's limits, with `defaultTimeLimit` unless `--time-limit` is given; 0 means none.
        func limits(defaultTimeLimit: Double?) -> Interpreter.Limits {
            var limits = Interpreter.Limits()
            limits.maxSteps = maxSteps == 0 ? nil : maxSteps
            limits.timeLimit = timeLimit.map { Self.seconds($0).flatMap { $0 == 0 ? nil : $0 } } ?? defaultTimeLimit
            limits.wallTime = Self.seconds(wallLimit).flatMap { $0 == 0 ? nil : $0 }
            limits.maxViews = maxViews == 0 ? nil : maxViews
            return limits
        }

        var scriptLimits: ScriptLimits { ScriptLimits(time: Self.seconds(jsTime) ?? 1, memory: jsMemory << 20) }

        /// `90`, `90s`, `1500ms`, `2m` in seconds; nil for anything else.
        static func seconds(_ text: String) -> Double? {
            for (suffix, scale) in [("ms", 0.001), ("s", 1), ("m", 60)] where text.hasSuffix(suffix) {
                return Double(text.dropLast(suffix.count)).map { $0 * scale }.flatMap { $0 >= 0 ? $0 : nil }
            }
            return Double(text).flatMap { $0 >= 0 ? $0 : nil }
        }
    }
}
