import JasonJSON

/// One open frame of the running chain, as a debugger shows it.
package struct CallFrame: Sendable, Equatable {
    /// The `head.actions` entry the frame is in (`$load`, a lambda's name), or the chain's origin for
    /// actions written elsewhere (typed at a prompt, a timer's action).
    package var name: String
    /// Where the frame is: the pending action (innermost frame) or the `trigger`/`$lambda` that called
    /// the frame above it.
    package var path: ActionPath
    /// The frame's `$jason` there: the pending action's, or what the caller had when it called (R25).
    package var jason: JSON?
    /// False for callers whose `$jason` was not kept (a chain resumed after its view closed).
    package var jasonKnown: Bool
    /// The action there: its type, or `trigger NAME`.
    package var action: String

    package init(name: String, path: ActionPath, jason: JSON?, jasonKnown: Bool = true, action: String) {
        self.name = name
        self.path = path
        self.jason = jason
        self.jasonKnown = jasonKnown
        self.action = action
    }

    /// `NAME` for a path inside `/$jason/head/actions/NAME`.
    package static func entryName(of path: ActionPath) -> String? {
        let tokens = path.pointer.tokens
        guard tokens.count >= 4, tokens[0] == "$jason", tokens[1] == "head", tokens[2] == "actions" else { return nil }
        return tokens[3]
    }
}

extension RunState {
    /// The running chain's frames, innermost first; empty when nothing is pending. A read-only view of
    /// what the chain holds: its pending action, the calls waiting for `$return`, and their `$jason`.
    package var callStack: [CallFrame] {
        guard let chain, let pending = chain.pending else { return [] }
        let origin = chain.origin.isEmpty ? "<chain>" : chain.origin
        var stack = [CallFrame(name: CallFrame.entryName(of: pending.entry ?? pending.path) ?? origin,
                               path: pending.path, jason: pending.jason, action: pending.name)]
        let kept = chain.callerJason.count
        for (offset, call) in chain.frames.reversed().enumerated() {
            let known = offset < kept
            let action = switch call.target {
            case .trigger(let name): "trigger " + name
            case .type(let type): type
            }
            stack.append(CallFrame(name: CallFrame.entryName(of: call.path) ?? origin, path: call.path,
                                   jason: known ? chain.callerJason[kept - 1 - offset] : nil, jasonKnown: known,
                                   action: action))
        }
        return stack
    }
}
