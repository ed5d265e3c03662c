import JasonJSON
import JasonScript
import JasonTemplate
import Synchronization

/// What the actions of one view share: the view's document and URL, the run's services, the view's
/// agents, and the working copy of the state parts an action may change. Handlers never see it whole:
/// their `ActionContext` hands out narrow capabilities (ActionContext.swift), each a window onto it.
///
/// The state parts are a working copy, lent when an action starts and taken back by the loop when it
/// completes: the run's state is one value that only the loop writes. One workspace is made per view,
/// when its first action runs, and lent to each of its actions in turn (one runs at a time).
package final class ViewWorkspace: Sendable {
    /// What the action may change, as it was when it started plus its own changes.
    struct Working: Sendable {
        var variables: ViewVariables
        var timers: Timers
        var stores: [String: JSONObject]
        var answers: AnswerBook
        /// Calls the action queued, to run after the current chain (E7).
        var posted: [QueuedCall] = []
        var reported: [Diagnostic] = []
        /// Set while an action holds the copy; reports and calls that come when none does go to `late`.
        var lent = false
        /// How many actions the run had performed, this one included.
        var step = 0

        static var empty: Working { Working(variables: .placeholder, timers: Timers(), stores: [:], answers: AnswerBook(queues: [:])) }
    }

    /// Tells views apart (a handler's changes go back to the view it ran in, if that view is still open).
    let id: Int
    let document: Document
    /// The view's URL: the key of its `$cache`, and the base of relative URLs.
    let url: String
    /// The URL of the first document: `file://name` is relative to its folder.
    let firstURL: String
    let environment: ActionEnvironment
    let scripts: ScriptEngine
    /// The view's agents (`head.agents`), made when first used.
    let agents = AgentPool()
    let transformer: Transformer
    /// Where reports made after the action completed go (a `Completion` called twice, say).
    let late: HostMailbox
    private let working = Mutex(Working.empty)

    init(id: Int, document: Document, url: String, firstURL: String, environment: ActionEnvironment,
         scripts: ScriptEngine, transformer: Transformer, late: HostMailbox) {
        self.id = id
        self.document = document
        self.url = url
        self.firstURL = firstURL
        self.environment = environment
        self.scripts = scripts
        self.transformer = transformer
        self.late = late
    }

    /// Lends the working copy to the action about to run.
    func lend(_ parts: inout Working) {
        working.withLock { w in
            swap(&w, &parts)
            w.lent = true
        }
    }

    /// The changes, for the loop to apply; the workspace keeps nothing of the state after this.
    func takeBack() -> Working {
        working.withLock { w in
            // Swapped out rather than copied: the loop gets the only reference to each part.
            var taken = Working.empty
            swap(&w, &taken)
            return taken
        }
    }

    /// Reads or changes the working copy.
    func withWorking<T>(_ body: (inout Working) -> T) -> T {
        working.withLock { body(&$0) }
    }

    /// Queues a call to run after the current chain, or, when no action holds the copy, posts it.
    func post(_ call: QueuedCall) {
        let queued = withWorking { w -> Bool in
            guard w.lent else { return false }
            w.posted.append(call)
            return true
        }
        if !queued { late.post(call) }
    }

    /// Keeps a report with the action's changes, or, when no action holds the copy, posts it.
    func report(_ diagnostic: Diagnostic) {
        let kept = withWorking { w -> Bool in
            guard w.lent else { return false }
            w.reported.append(diagnostic)
            return true
        }
        if !kept { late.post(.report(diagnostic)) }
    }
}
