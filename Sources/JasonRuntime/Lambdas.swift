import JasonJSON

/// Subroutines: `trigger`/`$lambda` call a named action with a real call stack, `$return.*` resumes
/// the caller (R11, R25–R28, DESIGN §2.1).
extension Interpreter {
    /// `trigger` / `$lambda` (R11, R25): enter a named action with a real call stack.
    func enterLambda(_ call: ActionCall, options: JSON, in chain: inout Chain) async -> Resolution {
        let step = prepare(call, options: options, jason: chain.jason, frames: chain.frames)
        await notify(.willRun(step))
        let rendered = step.options ?? .object([:])
        guard case .string(let name)? = rendered["name"] else {
            let failure = ActionFailure(message: "$lambda needs a 'name' naming an action in head.actions",
                                        type: "$lambda")
            return await fail(call, step, in: &chain, failure, id: .unknownLambda)
        }
        guard let callee = document.actions[name] else {
            let failure = ActionFailure(message: "no action named '\(name)' in head.actions", type: "$lambda")
            return await fail(call, step, in: &chain, failure, id: .unknownLambda)
        }
        if !call.isTail {
            guard chain.frames.count < limits.maxCallDepth else {
                return .fail(Diagnostic(.callStackOverflow, .error,
                    "call stack overflow: \(limits.maxCallDepth) lambdas are open when calling '\(name)'; "
                    + "a recursive trigger must be in tail position (no success/error) to loop",
                    at: call.path))
            }
            chain.frames.append(call)
        }
        if let arguments = rendered["options"] {
            chain.jason = arguments.containsTemplateMarker
                ? renderer.render(arguments, data: state.templateData(jason: chain.jason)).value : arguments
        }
        return .continue(callee)
    }

    /// `$return.success` / `$return.error` (R26, DESIGN §2.4): resume the caller's branch.
    func returnFromLambda(_ call: ActionCall, in chain: inout Chain) async -> Resolution {
        let step = prepare(call, options: call.options, jason: chain.jason, frames: chain.frames)
        await notify(.willRun(step))
        let value = step.options ?? chain.jason
        let isSuccess = call.target == .type("$return.success")
        await (isSuccess ? notify(.succeeded(step, jason: value)) : notify(.failed(step, payload: value)))
        guard let caller = chain.frames.popLast() else {
            await notify(.branchTaken(step, .none))
            return .end
        }
        chain.jason = value
        let branch = isSuccess ? caller.success : caller.error
        await notify(.branchTaken(step, branch == nil ? .none : (isSuccess ? .success : .error)))
        return branch.map(Resolution.continue) ?? .end
    }
}
