import JasonJSON
import JasonRuntime
import Synchronization

/// One action performed, and the branch it took.
package struct Visit: Sendable, Hashable {
    package var path: ActionPath
    package var branch: Branch
    /// True for a lambda call's branch, taken when its callee returned: not another run of the call.
    package var resumed = false
}

/// Every action a run performs, in order: the `visited` expectation and coverage both read it.
///
/// An action is announced by `willRun` and most end with one `branchTaken`. Entering a `trigger` or
/// `$lambda` ends with neither: the next `willRun` (or the chain's end) shows it was performed. Its
/// `success`/`error` is taken later, by the `$return.*` that resumes it: that return's step names the
/// caller as the last of its `callers`, and the branch is credited to the caller.
package final class VisitRecorder: ImmediateObserver {
    private struct Record {
        var visits: [Visit] = []
        var returns: [Visit] = []
        var pending: ActionStep?
    }

    private let record = Mutex(Record())

    package init() {}

    package func observeNow(_ event: ExecutionEvent) {
        record.withLock { r in
            switch event {
            case .willRun(let step):
                if let entered = r.pending { r.visits.append(Visit(path: entered.path, branch: .none)) }
                r.pending = step
            case .branchTaken(let step, let branch):
                r.pending = nil
                r.visits.append(Visit(path: step.path, branch: branch))
                if case .return = step.kind, branch != .none, let caller = step.callers.last {
                    r.returns.append(Visit(path: caller, branch: branch, resumed: true))
                }
            case .chainEnded(let outcome):
                // A step limit drops the pending action unperformed; anything else pending was entered.
                if let entered = r.pending {
                    if case .failed(let diagnostic) = outcome, diagnostic.id == .stepLimit {} else {
                        r.visits.append(Visit(path: entered.path, branch: .none))
                    }
                }
                r.pending = nil
            case .chainStarted, .succeeded, .failed:
                break
            }
        }
    }

    /// The actions performed, in order, each with the branch it took when it ended.
    package var visits: [Visit] { record.withLock { $0.visits } }
    /// Branches taken by lambda calls when they returned, credited to the calling action.
    package var returns: [Visit] { record.withLock { $0.returns } }
    /// Both: what coverage counts.
    package var all: [Visit] { record.withLock { $0.visits + $0.returns } }
}

/// What a case's actions print, kept instead of shown.
final class CaseConsole: Console {
    private let kept = Mutex<(out: [String], err: [String], body: JSON?)>(([], [], nil))

    func print(_ line: String) { kept.withLock { $0.out += Self.lines(line) } }
    func printError(_ line: String) { kept.withLock { $0.err += Self.lines(line) } }
    func present(body: JSON) { kept.withLock { $0.body = body } }

    var printed: [String] { kept.withLock { $0.out } }
    var logged: [String] { kept.withLock { $0.err } }
    var body: JSON? { kept.withLock { $0.body } }

    /// A print of several lines counts as several lines, as on a terminal.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
