import JasonJSON
import JasonRuntime
import Synchronization

/// What the interpreter reports that the debugger needs after a step: how chains end and which
/// actions failed. The only observer the debugger installs.
final class StepRecorder: ExecutionObserver {
    struct Record: Sendable {
        /// The action that failed, with the error payload as its `$jason`.
        var failed: ActionStep?
        var lastFailure: Diagnostic?
    }

    private let record = Mutex(Record())

    func observe(_ event: ExecutionEvent) async {
        switch event {
        case .failed(let step, let payload):
            record.withLock { r in
                var failed = step
                failed.jason = payload
                r.failed = failed
            }
        case .chainEnded(let outcome):
            record.withLock { r in
                if case .failed(let diagnostic) = outcome { r.lastFailure = diagnostic } else { r.lastFailure = nil }
            }
        default:
            break
        }
    }

    /// The action that failed in the last step, if one did; forgotten once read.
    func takeFailure() -> ActionStep? {
        record.withLock { r in
            defer { r.failed = nil }
            return r.failed
        }
    }

    var lastFailure: Diagnostic? {
        get { record.withLock { $0.lastFailure } }
        set { record.withLock { $0.lastFailure = newValue } }
    }
}
