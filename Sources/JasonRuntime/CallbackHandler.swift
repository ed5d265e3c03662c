import JasonJSON

/// An action written the way the seed's guide writes them: it is handed a `Completion` and ends by
/// calling `success` or `error` on it, whenever its work is done (from a callback, another thread…).
///
/// "Exactly once" is enforced, not trusted: a second call is ignored and reported as a warning located
/// at the action; a completion dropped without a call ends the action with an error ("never
/// completed") instead of hanging the program.
public struct CallbackHandler: ActionHandler {
    public let spec: ActionSpec?
    let body: @Sendable (ActionInvocation, ActionContext, Completion) -> Void

    public init(_ spec: ActionSpec? = nil,
                _ body: @escaping @Sendable (ActionInvocation, ActionContext, Completion) -> Void) {
        self.spec = spec
        self.body = body
    }

    public func perform(_ invocation: ActionInvocation, in context: ActionContext) async throws(ActionFailure) -> JSON? {
        let outcome = await withCheckedContinuation { continuation in
            body(invocation, context, Completion(continuation, invocation: invocation, output: context.output))
        }
        return try outcome.get()
    }
}
