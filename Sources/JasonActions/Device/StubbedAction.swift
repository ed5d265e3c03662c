import JasonJSON
import JasonRuntime

/// An action that needs hardware a terminal does not have (GPS, camera, microphone, push service).
/// It answers from the `answers` of the `--stubs` file; with no answer it takes the error branch and
/// says how to stub it (DESIGN §3).
struct StubbedAction: ActionHandler {
    /// What a cancel does: the phone either fails the action or quietly ends the chain.
    enum CancelMeans: Sendable { case error, endOfChain }

    let spec: ActionSpec?
    var cancel: CancelMeans = .endOfChain

    init(_ spec: ActionSpec, cancel: CancelMeans = .endOfChain) {
        var described = spec
        let stubbed = "answers from the stub file's \"answers\"; without one it takes the error branch"
        described.terminal = spec.terminal.isEmpty ? stubbed : spec.terminal + "; " + stubbed
        self.spec = described
        self.cancel = cancel
    }

    func perform(_ invocation: ActionInvocation, in context: ActionContext) async throws(ActionFailure) -> JSON? {
        guard let answer = context.answers.next(for: invocation.type) else {
            throw Self.notAvailable(invocation.type)
        }
        return try Self.apply(answer, type: invocation.type, cancel: cancel)
    }

    static func apply(_ answer: DeviceAnswer, type: String, cancel: CancelMeans) throws(ActionFailure) -> JSON? {
        switch answer {
        case .value(let value): return value
        case .error(let payload): throw ActionFailure(payload: payload ?? ["message": "failed", "type": .string(type)])
        case .cancel where cancel == .error: throw ActionFailure(message: "cancelled", type: type)
        case .cancel: throw ActionFailure.endOfChain
        }
    }

    static func notAvailable(_ type: String) -> ActionFailure {
        ActionFailure(message: "\(type) is not available in a terminal; stub it: "
                      + "{\"answers\": {\"\(type)\": {\"value\": …}}} in the --stubs file (Docs/Stubs.md)", type: type)
    }
}
