import JasonActions
import JasonJSON
import JasonRuntime

/// One answer the outside world gave on a path: the action that asked, and what it got.
package struct Choice: Sendable {
    /// The action that asked.
    package var at: ActionPath
    package var type: String
    /// Which of the action's alternatives the path took.
    package var label: String
    /// Each question the action asked, with the answer it got (for the stubs of a test).
    var answers: [(asker: Question.Asker, answer: Alternative)]

    init(_ step: ActionStep, _ questions: [Question], choice: Int) {
        at = step.path
        type = if case .type(let type) = step.target { type } else { step.name }
        label = questions.first?.answer(choice).label ?? "ok"
        answers = questions.map { ($0.asker, $0.answer(choice)) }
    }

    /// A timer's first firing, or the run ending before it (`fires: false`, at `time` on the virtual clock).
    init(timer: Timers.Entry, fires: Bool, time: Double) {
        at = timer.origin
        type = "timer " + timer.name
        label = fires ? "fires" : "not yet fired when the run ends"
        answers = []
        endsAt = fires ? nil : time
    }

    /// When the run ends before a timer fires: the seconds on the virtual clock (a test case advances
    /// to it, and no further).
    package var endsAt: Double?

    /// "$geo.get fails".
    package var description: String { type + " " + label }
}

/// How a path ended.
package enum Ending: Sendable {
    /// Every chain ended, none on an unhandled error.
    case finished
    /// A chain ended on an error no `error` branch took.
    case unhandledError(Diagnostic)
    /// A chain ended while a caller still waited for a lambda's `$return`.
    case neverReturns(Diagnostic)
    /// The run never ended: it stopped at the step limit.
    case stepLimit(Diagnostic)
    /// The path stopped at a request no stub answers and the exploration cannot make up an answer for
    /// (a remote document `$href` opens, a remote script or mixin): stubbing it would follow it further.
    case unanswered(Diagnostic)

    /// The ending of a run that reported `diagnostics`.
    init(_ diagnostics: [Diagnostic]) {
        if let limit = diagnostics.first(where: { $0.id == .stepLimit || $0.id == .callStackOverflow }) {
            self = .stepLimit(limit)
        } else if let error = diagnostics.first(where: { $0.severity == .error }) {
            let unanswered = ([error.message] + error.notes).contains { $0.contains(BranchingTransport.unanswered) }
            self = unanswered ? .unanswered(error) : .unhandledError(error)
        } else if let waiting = diagnostics.first(where: { $0.id == .noReturn }) {
            self = .neverReturns(waiting)
        } else {
            self = .finished
        }
    }

    /// The word tools read (`--json`): finished, unhandled-error, never-returns, step-limit.
    package var kind: String {
        switch self {
        case .finished: "finished"
        case .unhandledError: "unhandled-error"
        case .neverReturns: "never-returns"
        case .stepLimit: "step-limit"
        case .unanswered: "unanswered-request"
        }
    }

    package var diagnostic: Diagnostic? {
        switch self {
        case .finished: nil
        case .unhandledError(let d), .neverReturns(let d), .stepLimit(let d), .unanswered(let d): d
        }
    }
}

/// One path through the flow, from its start to its end: the answers taken, and what the run did.
package struct ExplorePath: Sendable {
    package var choices: [Choice]
    /// The items tapped once the flow's start has run (pointers), after the first `eventsAfter` choices.
    package var events: [JSONPointer] = []
    package var eventsAfter = 0
    package var ending: Ending
    /// What the run printed on standard output.
    package var printed: [String]
    /// `1` when a chain ended on an unhandled error, as a run's exit status; else `0`.
    package var exit: Int
    package var firstError: Diagnostic?
    /// When the time limit stopped timers that were still running: the seconds on the virtual clock then
    /// (a test case advances to it, and no further, so that it ends too).
    package var timersStoppedAt: Double?

    /// "$network.request ok → $geo.get fails" (or "no answers asked").
    package var route: String {
        let steps = choices.map(\.description)
        let all = steps.prefix(eventsAfter) + events.map { "tap " + $0.description } + steps.dropFirst(eventsAfter)
        guard !all.isEmpty else { return "no answer from outside" }
        // The same answer many times in a row (a timer polling) is written once, counted.
        var runs: [(text: String, count: Int)] = []
        for text in all {
            if runs.last?.text == text { runs[runs.count - 1].count += 1 } else { runs.append((text, 1)) }
        }
        return runs.map { $0.count == 1 ? $0.text : "\($0.text) ×\($0.count)" }.joined(separator: " → ")
    }
}
