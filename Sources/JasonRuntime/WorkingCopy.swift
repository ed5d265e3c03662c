import JasonJSON

/// How an action's changes reach the run's state: the parts it may change are moved into its context
/// when it starts (so that changing them copies nothing) and moved back when it completes, with what it
/// queued and reported. Events other tasks posted meanwhile are taken in after that.
extension Interpreter {
    /// A context for an action of the view on screen, holding the working copy.
    func openContext() -> ActionContext {
        let top = state.topIndex
        let view = state.views[top]
        let working = ActionContext.Working(
            variables: state.views[top].variables.take(), timers: take(&state.timers), stores: take(&state.stores),
            answers: take(&state.answers))
        return ActionContext(document: view.document, url: view.url, firstURL: state.views[0].url,
                             environment: environment, scripts: scriptEngine, transformer: transformer, late: mailbox,
                             working: working, viewID: view.id)
    }

    /// Puts the action's working copy back into the state, then takes in the mail. False when the view the
    /// action ran in went away meanwhile (R20, S24): its chain is then abandoned.
    func closeContext(_ context: ActionContext) -> Bool {
        let working = context.close()
        let stack = state.views.map(\.id)
        if let index = state.views.lastIndex(where: { $0.id == context.viewID }) {
            state.views[index].variables = working.variables
        }
        state.timers = working.timers
        state.stores = working.stores
        state.answers = working.answers
        state.queue.append(contentsOf: working.posted)
        for diagnostic in working.reported { state.issues.report(diagnostic) }
        takeMail()
        return state.views.map(\.id) == stack
    }

    /// Takes in what other tasks posted since the last time, in order.
    func takeMail() {
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
        let taken = value
        value = T.empty
        return taken
    }
}

/// What a working copy leaves behind in the state while an action holds the real value.
protocol Emptiable {
    static var empty: Self { get }
}

extension Timers: Emptiable { static var empty: Timers { Timers() } }
extension AnswerBook: Emptiable { static var empty: AnswerBook { AnswerBook() } }
extension Dictionary: Emptiable { static var empty: Dictionary { [:] } }

extension ViewVariables {
    /// The variables, leaving empty ones in their place.
    mutating func take() -> ViewVariables {
        let taken = self
        self = ViewVariables(viewData: [:], env: [:])
        return taken
    }
}
