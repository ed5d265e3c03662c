import JasonJSON

/// How an action's changes reach the run's state: the parts it may change are moved into its view's
/// workspace when it starts (so that changing them copies nothing) and moved back when it completes, with what it
/// queued and reported. Events other tasks posted meanwhile are taken in after that.
extension Interpreter {
    /// A context for an action of the view on screen, its workspace holding the working copy.
    func openContext() -> ActionContext {
        let top = state.topIndex
        let workspace = workspace(at: top)
        var parts = ViewWorkspace.Working(
            variables: state.views[top].variables.take(), timers: take(&state.timers), stores: take(&state.stores),
            answers: take(&state.answers))
        parts.step = state.steps
        workspace.lend(&parts)
        return ActionContext(workspace)
    }

    /// Puts the action's working copy back into the state, then takes in the mail. False when the view the
    /// action ran in went away meanwhile (R20, S24): its chain is then abandoned.
    func closeContext(_ context: ActionContext) -> Bool {
        let workspace = context.workspace
        var working = workspace.takeBack()
        let (count, top) = (state.views.count, state.top.id)
        // Swapped back, not copied: the state gets the only reference to each part again.
        if let index = state.views.lastIndex(where: { $0.id == workspace.id }) {
            swap(&state.views[index].variables, &working.variables)
        }
        swap(&state.timers, &working.timers)
        swap(&state.stores, &working.stores)
        swap(&state.answers, &working.answers)
        if !working.posted.isEmpty { state.queue.append(contentsOf: working.posted) }
        for diagnostic in working.reported { state.issues.report(diagnostic) }
        takeMail()
        return state.views.count == count && state.top.id == top
    }

    /// Takes in what other tasks posted since the last time, in order.
    func takeMail() {
        if mailbox.isEmpty { return }
        for mail in mailbox.take() {
            switch mail {
            case .call(let call): state.queue.append(call)
            case .event(.perform(let action, let jason)): state.queue.append(QueuedCall(.json(action, origin: "<host>"), jason: jason))
            case .event(.back): back()
            case .event(.input(let name, let value)): input(name, value: value)
            case .event(.report(let diagnostic)): state.issues.report(diagnostic)
            }
        }
    }

    private func take<T: Emptiable>(_ value: inout T) -> T {
        var taken = T.empty
        swap(&value, &taken)
        return taken
    }
}

/// What a working copy leaves behind in the state while an action holds the real value.
protocol Emptiable {
    static var empty: Self { get }
}

extension Timers: Emptiable { static var empty: Timers { Timers() } }
extension AnswerBook: Emptiable { static var empty: AnswerBook { AnswerBook(queues: [:]) } }
extension Dictionary: Emptiable { static var empty: Dictionary { [:] } }

extension ViewVariables {
    /// The variables, leaving empty ones in their place.
    mutating func take() -> ViewVariables {
        var taken = ViewVariables.placeholder
        swap(&self, &taken)
        return taken
    }

}
