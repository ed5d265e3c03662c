import JasonJSON

/// Where an action's outcome sends its chain: the branch it takes, what the register becomes, and what
/// the observers hear (R17, R20).
extension Interpreter {
    func succeed(_ call: ActionCall, _ step: ActionStep, in chain: inout Chain, value: JSON?,
                 keepingEmpty: Bool = false) -> (Resolution, Branch)
    {
        chain.jason = keepingEmpty ? value : Chain.wrap(value)
        notify(.succeeded, .succeeded(step, jason: chain.jason))
        let branch: Branch = call.success == nil ? .none : .success
        notify(.branchTaken, .branchTaken(step, branch))
        return (call.success.map(Resolution.continue) ?? .end, branch)
    }

    func fail(_ call: ActionCall, _ step: ActionStep, in chain: inout Chain, _ failure: ActionFailure,
              id: Diagnostic.ID, at place: ActionPath? = nil) -> (Resolution, Branch) {
        chain.jason = Chain.wrap(failure.payload)
        notify(.failed, .failed(step, payload: failure.payload))
        notify(.branchTaken, .branchTaken(step, call.error == nil ? .none : .error))
        if let error = call.error { return (.continue(error), .error) }
        let message = failure.payload?["message"]?.stringValue ?? "\(step.name) failed"
        let payload = failure.payload.map { ["error payload: " + $0.description] } ?? []
        return (.fail(Diagnostic(id, .error, message + " (no error branch)", at: place ?? call.path, notes: payload)),
                .none)
    }

    /// R20 (S24): the view went away while the action ran; neither branch runs.
    func abandon(_ step: ActionStep) -> (Resolution, Branch) {
        notify(.branchTaken, .branchTaken(step, .none))
        return (.abandon("the view of \(step.name) was closed before it completed"), .none)
    }

    func finish(_ outcome: ChainOutcome) {
        if case .failed(let diagnostic) = outcome { state.issues.report(diagnostic) }
        showUnshownBody()
        warnOfStaleBody()
        notify(.chainEnded, .chainEnded(outcome))
    }

    /// A chain changed `$get` after `$render` drew a body that reads what changed, and ended without
    /// drawing again: the screen shows the old values, on the phone as here.
    func warnOfStaleBody() {
        guard let drawn = state.top.variables.drawn else { return }
        let get = state.top.variables.get
        guard get != drawn.get else { return }
        let text = state.top.document.templates[drawn.template].map(JSONPrinter.compact) ?? ""
        let changed = Set(get.keys).union(drawn.get.keys).filter { get[$0] != drawn.get[$0] && text.contains("$get." + $0) }.sorted()
        guard !changed.isEmpty else { return }
        state.views[state.topIndex].variables.forgetDrawn()
        state.issues.report(Diagnostic(.template, .warning,
            "$get." + changed.joined(separator: ", $get.") + " changed after this $render drew head.templates.\(drawn.template), "
            + "and the chain ended without drawing again: the screen still shows the old value (add a $render after the change)",
            at: drawn.by))
    }

    /// The body drawn as the view loaded, shown once its `$load` chain has ended without drawing another.
    func showUnshownBody() {
        guard let body = state.top.unshownBody else { return }
        let problems = state.top.unshownProblems
        state.views[state.topIndex].unshownBody = nil
        state.views[state.topIndex].unshownProblems = []
        guard let current = state.top.variables.body, current.isIdentical(to: body) else { return }
        for diagnostic in problems { state.issues.report(diagnostic) }
        environment.console.present(body: body)
    }
}
