import JasonJSON
import Synchronization

/// How a `CallbackHandler` ends its action: `success` (its value becomes `$jason`) or `error` (its
/// payload is `$jason` on the error branch). Only the first call counts.
public final class Completion: Sendable {
    private let continuation: Mutex<CheckedContinuation<Result<JSON?, ActionFailure>, Never>?>
    private let invocation: ActionInvocation
    private let output: ActionOutput

    init(_ continuation: CheckedContinuation<Result<JSON?, ActionFailure>, Never>, invocation: ActionInvocation,
         output: ActionOutput) {
        self.continuation = Mutex(continuation)
        self.invocation = invocation
        self.output = output
    }

    /// The action succeeded; `value` (if any) becomes `$jason` for its `success` branch.
    public func success(_ value: JSON? = nil) { finish(.success(value), as: "success") }

    /// The action failed; `payload` becomes `$jason` for its `error` branch.
    public func error(_ payload: JSON? = nil) {
        finish(.failure(ActionFailure(payload: payload ?? ["message": "failed", "type": .string(invocation.type)])),
               as: "error")
    }

    private func finish(_ result: Result<JSON?, ActionFailure>, as name: String) {
        let waiting = continuation.withLock { c in
            let first = c
            c = nil
            return first
        }
        guard let waiting else {
            output.report(Diagnostic(.completion, .warning,
                "\(invocation.type) completed more than once; this \(name)() was ignored", at: invocation.path))
            return
        }
        waiting.resume(returning: result)
    }

    deinit {
        continuation.withLock { c in
            c?.resume(returning: .failure(ActionFailure(message:
                "\(invocation.type) never completed: its handler let go of the completion without calling success or error",
                type: invocation.type)))
            c = nil
        }
    }
}
