import ArgumentParser
import Foundation

/// `--seed`, `--clock-start`: what makes two runs alike (`run`, `repl`; `test` and the debug adapter take a seed too).
struct RepeatOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Make Math.random() draw from a generator seeded with N, so that two runs draw the same numbers; "
                               + "the clock then starts at 2026-01-01T00:00:00Z unless --clock-start says otherwise.",
                               valueName: "N"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("When the virtual clock's 0 s is, which Date.now() reads: Unix seconds or an ISO 8601 date "
                               + "(default: when the run starts).", valueName: "time"))
    var clockStart: String?

    /// The instant a seeded run starts at, when nothing else is said: the same for every run.
    static let fixedStart: Double = 1_767_225_600

    var values: Values { Values(seed: seed, clockStart: clockStart) }

    func validate() throws { if let problem = values.problem { throw ValidationError(problem) } }

    /// Unix seconds at the clock's 0 s.
    func startDate() -> Double { values.startDate() }

    /// What the options say, as plain values: RunArguments fills these without ArgumentParser's types.
    struct Values {
        var seed: UInt64?
        var clockStart: String?

        var problem: String? {
            guard let clockStart, RepeatOptions.unixTime(clockStart) == nil else { return nil }
            return "--clock-start takes Unix seconds or an ISO 8601 date, as in 1767225600 or 2026-01-01T09:30:00Z"
        }

        func startDate() -> Double { RepeatOptions.startDate(seed: seed, clockStart: clockStart) }
    }

    static func startDate(seed: UInt64?, clockStart: String?, now: Double = Date().timeIntervalSince1970) -> Double {
        if let clockStart, let time = unixTime(clockStart) { return time }
        return seed == nil ? now : fixedStart
    }

    static func unixTime(_ text: String) -> Double? {
        if let seconds = Double(text) { return seconds }
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime],
                                                      [.withFullDate]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        }
        return nil
    }
}
