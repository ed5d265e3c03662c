import JasonJSON

/// Subroutines: `trigger`/`$lambda` call a named action with a real call stack, `$return.*` resumes
/// the caller (R11, R25–R28, DESIGN §2.1).
extension Interpreter {
    /// `trigger` / `$lambda` (R11, R25): enter a named action with a real call stack.
    func enterLambda(_ call: ActionCall, _ step: ActionStep, in chain: inout Chain) -> (Resolution, Branch) {
        let (name, arguments): (String, JSON?)
        if case .trigger(let written) = call.target, !call.optionsHoldExpressions {
            // Nothing was filled in: the name and options as written, not looked up in `{name, options}`.
            (name, arguments) = (written, call.options)
        } else {
            let filled = step.options ?? .object([:])
            guard case .string(let filledName)? = filled["name"] else {
                let failure = ActionFailure(message: "$lambda needs a 'name' naming an action in head.actions",
                                            type: "$lambda")
                return fail(call, step, in: &chain, failure, id: .unknownLambda)
            }
            (name, arguments) = (filledName, filled["options"])
        }
        guard let callee = callees.callee(name, in: state.top.opened) else {
            let names = document.actions.keys.sorted()
            let known = Suggestion.closest(to: name, among: names).map { "did you mean '\($0)'?" }
                ?? (names.isEmpty ? "it has none" : "it has " + names.joined(separator: ", "))
            let isTrigger = if case .trigger = call.target { true } else { false }
            let failure = ActionFailure(message: "no action named '\(name)' in head.actions (\(known))",
                                        type: isTrigger ? "trigger" : "$lambda")
            let written = isTrigger ? call.path.pointer.appending("trigger") : call.path.pointer.appending("options")
            return fail(call, step, in: &chain, failure, id: .unknownLambda, at: locate(written, in: call))
        }
        if !call.isTail {
            guard chain.frames.count < limits.maxCallDepth else {
                return (.fail(Diagnostic(.callStackOverflow, .error,
                    "call stack overflow: \(limits.maxCallDepth) lambdas are open when calling '\(name)'; "
                    + "a recursive trigger must be in tail position (no success/error) to loop",
                    at: call.path)), .none)
            }
            chain.frames.append(call)
            chain.callerJason.append(chain.jason)
        }
        if let arguments {
            chain.jason = arguments.containsTemplateMarker
                ? transformer.transform(arguments, data: templateData(jason: chain.jason)).value : arguments
        }
        return (.continue(callee), .none)
    }

    /// `$return.success` / `$return.error` (R26, DESIGN §2.4): resume the caller's branch.
    func returnFromLambda(_ call: ActionCall, _ step: ActionStep, success isSuccess: Bool, in chain: inout Chain)
        -> (Resolution, Branch)
    {
        let value = step.options ?? chain.jason
        if isSuccess {
            notify(.succeeded, .succeeded(step, jason: value))
        } else {
            notify(.failed, .failed(step, payload: value))
        }
        guard let caller = chain.frames.popLast() else {
            notify(.branchTaken, .branchTaken(step, .none))
            return (.end, .none)
        }
        if !chain.callerJason.isEmpty { chain.callerJason.removeLast() }
        chain.jason = value
        let branch = isSuccess ? caller.success : caller.error
        let taken: Branch = branch == nil ? .none : (isSuccess ? .success : .error)
        notify(.branchTaken, .branchTaken(step, taken))
        return (branch.map(Resolution.continue) ?? .end, taken)
    }
}

/// The action a trigger or `$lambda` named last, with the view whose document it was found in: a loop
/// calls the same name every round, and hashing the name cost about 300 instructions each time.
/// A view's document never changes while it is open, so the view's identity is enough to trust it.
struct CalleeCache {
    private var opened: ViewRecord.Opened?
    private var name = ""
    private var node: ActionNode?

    mutating func callee(_ name: String, in view: ViewRecord.Opened) -> ActionNode? {
        if let opened, opened === view, self.name == name { return node }
        let found = view.document.actions[name]
        (opened, self.name, node) = (view, name, found)
        return found
    }
}
