import DequeModule
import JasonJSON

/// Everything a run's future depends on, as one value owned by the interpreter: the running chain, the
/// queue of calls, the views and their variables, the timers, the time, the stores kept in memory, the
/// device answers not yet given, the diagnostics with their counts, and the counters. Copying it shares
/// the data (copy-on-write), so a debugger keeps one per step; restoring one is assigning it back, so
/// nothing can be forgotten.
///
/// Not in it: what JavaScript itself holds (globals a `$script.include` defined), stores kept in files,
/// and what was already printed.
package struct RunState: Sendable {
    /// The chain that is running, if any.
    var chain: Chain?
    /// Calls waiting for their turn, first in first out (R8, R22).
    var queue = Deque<QueuedCall>()
    /// The views, the first document at the bottom (R33); never empty once the interpreter is made.
    var views: [ViewRecord] = []
    /// The id the next view gets.
    var nextView = 1
    var timers = Timers()
    /// The interpreter's clock, in seconds since the run started, as of the last snapshot or timer.
    var time: Double = 0
    /// The stores that live in memory, by name (`$global`, `$session`, `cache URL`).
    var stores: [String: JSONObject] = [:]
    /// Stubbed answers for people and devices still to be given.
    var answers: AnswerBook
    /// Errors that ended chains, and warnings.
    var issues = IssueList()
    /// Actions performed so far, in all chains.
    var steps = 0
    /// `$reset`/`$reload`/`$home` restarts since the last event from outside (a tap, a host event, a timer).
    var restartStreak = 0

    init(answers: AnswerBook) {
        self.answers = answers
    }

    /// The view on screen.
    var top: ViewRecord {
        _read { yield views[views.count - 1] }
    }
    var topIndex: Int { views.count - 1 }

    /// The action the running chain performs next.
    package var pending: ActionStep? { chain?.pending }
}

/// One screen: a document opened at a URL, with its own variables (`$get`, `$params`, `$cache`).
package struct ViewRecord: Sendable {
    package enum Transition: String, Sendable {
        case push, modal
    }

    /// Tells views apart (a handler's changes go to the view it ran in, if that view is still open).
    var id: Int { opened.id }
    package var document: Document {
        _read { yield opened.document }
    }
    package var url: String { opened.url }
    /// Where the interpreter keeps what its actions are given (`ViewServices`), outside this value.
    var servicesKey: Int { opened.servicesKey }
    /// What the view was opened with, which never changes while it is open.
    let opened: Opened
    package let transition: Transition
    package internal(set) var variables: ViewVariables
    /// The `$href` action that opened the view above, with the lambda frames of its chain: `$ok` there
    /// resumes it (R33, R34). Nil when that view was opened by a plain `href`.
    var callback: Callback?
    /// The body drawn from `head.templates.body` as the view loaded, not shown yet: its `$load` runs
    /// first, and usually draws it again with `$render` (then only that one is shown).
    var unshownBody: JSON?
    /// What failed while drawing it: reported if it is shown after all.
    var unshownProblems: [Diagnostic] = []

    /// A class, as `Callback` is: the snapshots of every step refer to it rather than copy it.
    final class Opened: Sendable {
        let id: Int
        let document: Document
        let url: String
        let servicesKey: Int

        init(id: Int, document: Document, url: String, servicesKey: Int) {
            self.id = id
            self.document = document
            self.url = url
            self.servicesKey = servicesKey
        }
    }

    /// A class: the snapshots of every step refer to it rather than copy it.
    final class Callback: Sendable {
        let call: ActionCall
        let frames: [ActionCall]

        init(call: ActionCall, frames: [ActionCall]) {
            self.call = call
            self.frames = frames
        }
    }
}
