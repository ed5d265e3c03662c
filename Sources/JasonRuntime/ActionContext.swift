import JasonJSON
import JasonScript

/// What one action may use besides its options, as narrow capabilities: a handler takes the ones it
/// needs and hands each helper only those (`context.network` to what fetches, `context.answers` to what
/// asks the stub file…). Not the interpreter, the view stack or the other views.
///
/// Every capability is a window onto the view the action runs in (its `ViewWorkspace`); what a handler
/// changes through one goes back into the run's state when the action completes.
public struct ActionContext: Sendable {
    let workspace: ViewWorkspace

    init(_ workspace: ViewWorkspace) {
        self.workspace = workspace
    }

    /// Where the action prints and reports, and the user at a terminal.
    public var output: ActionOutput { ActionOutput(workspace: workspace) }
    /// Requests, through the run's transport only, and URLs made absolute against the view's.
    public var network: ActionNetwork { ActionNetwork(workspace: workspace) }
    /// The view's document and variables.
    public var view: ActionView { ActionView(workspace: workspace) }
    /// The run's clock and its timers.
    public var timers: ActionTimers { ActionTimers(workspace: workspace) }
    /// The stub file's answers for prompts and devices.
    public var answers: ActionAnswers { ActionAnswers(workspace: workspace) }
    /// `$global`, `$session` and the view's `$cache`.
    public var stores: ActionStores { ActionStores(workspace: workspace) }
    /// Actions queued to run after the current chain (E7).
    public var queue: ActionQueue { ActionQueue(workspace: workspace) }
    /// The JavaScript engine behind `{{ }}` and the view's agents.
    package var scripting: ActionScripting { ActionScripting(workspace: workspace) }

    /// Tells the views of a run apart (two actions of one view get the same).
    package var viewIdentity: ObjectIdentifier { ObjectIdentifier(workspace) }
}

/// Where an action prints, the user it may ask, and problems that do not fail it.
public struct ActionOutput: Sendable {
    let workspace: ViewWorkspace

    public var console: any Console { workspace.environment.console }
    /// The user at a terminal; nil when nobody can be asked (piped input, tests).
    public var input: (any LineInput)? { workspace.environment.input }

    public func print(_ line: String) { console.print(line) }
    public func printError(_ line: String) { console.printError(line) }

    /// Reports a problem that does not fail the action (a second completion, say).
    public func report(_ diagnostic: Diagnostic) { workspace.report(diagnostic) }
}

/// The run's clock, and the timers an action starts and stops.
public struct ActionTimers: Sendable {
    let workspace: ViewWorkspace

    /// The interpreter's clock now, in seconds since the run started.
    public var now: Double { workspace.environment.clock.now }
    /// Unix time when the clock read 0, for actions that answer with a date.
    public var startDate: Double { workspace.environment.startDate }

    /// Starts (or replaces) a timer; a timer without a name gets `timer-N`.
    public func start(name: String?, after interval: Double, repeats: Bool, action: JSON, writtenAt origin: ActionPath) {
        let node = ActionNode.parseWritten(action, at: origin, in: workspace.document)
        let due = now + interval
        workspace.withWorking { w in
            let name = name ?? w.timers.newName()
            w.timers.start(Timers.Entry(name: name, due: due, interval: interval, repeats: repeats,
                                        action: node, origin: origin, view: workspace.id))
        }
    }

    /// Stops the timer `name`, or every timer.
    public func stop(_ name: String?) {
        workspace.withWorking { $0.timers.stop(name) }
    }
}

/// The answers a stub file (or an exploration) gives for prompts and devices.
public struct ActionAnswers: Sendable {
    let workspace: ViewWorkspace

    /// The next answer for `type`, if there is one.
    public func next(for type: String) -> DeviceAnswer? {
        if let chooser = workspace.environment.chooser { return chooser.answer(for: type) }
        return workspace.withWorking { $0.answers.next(for: type) }
    }
}

/// Actions an action queues, to run after the current chain (E7).
public struct ActionQueue: Sendable {
    let workspace: ViewWorkspace

    /// Queues the action `action`, written by the handler, with `jason` as its `$jason`.
    public func call(_ action: JSON, jason: JSON? = nil) {
        post(QueuedCall(.json(action, origin: "call"), jason: jason))
    }

    package func post(_ call: QueuedCall) { workspace.post(call) }
}

/// What `$script` and the agents use: the JavaScript engine and the view's agents.
package struct ActionScripting: Sendable {
    let workspace: ViewWorkspace

    package var engine: ScriptEngine { workspace.scripts }
    package var agents: AgentPool { workspace.agents }
    /// How many actions the run has performed, the one running included.
    package var step: Int { workspace.withWorking { $0.step } }

    /// What an included script defined becomes visible to templates.
    package func mergeGlobals(_ members: JSONObject) { workspace.withWorking { $0.variables.mergeScriptGlobals(members) } }
    package func clearGlobals() { workspace.withWorking { $0.variables.clearScriptGlobals() } }
}
