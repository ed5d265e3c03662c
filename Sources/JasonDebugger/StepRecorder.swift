import JasonJSON
import JasonRuntime
import Synchronization

/// What the interpreter reports that the debugger needs after a step: how chains end and which
/// actions failed. The only observer the debugger installs.
final class StepRecorder: ImmediateObserver {
    struct Record: Sendable {
        /// The action that failed, with the error payload as its `$jason`.
        var failed: ActionStep?
        var lastFailure: Diagnostic?
        /// Each `{{ }}` that stayed unresolved, once per expression and place, as a batch run reports them.
        var templateWarnings: [Diagnostic] = []
        var seen: Set<String> = []
    }

    private let record = Mutex(Record())

    func observeNow(_ event: ExecutionEvent) {
        switch event {
        case .failed(let step, let payload):
            record.withLock { r in
                var failed = step
                failed.jason = payload
                r.failed = failed
            }
        case .willRun(let step) where !step.templateDiagnostics.isEmpty:
            record.withLock { r in
                for d in step.templateDiagnostics
                where r.seen.insert("\(d.file ?? "")\u{1}\(d.location?.description ?? "")\u{1}\(d.message)").inserted {
                    r.templateWarnings.append(Diagnostic(.template, .warning, d.message, file: d.file, location: d.location,
                                                         pointer: d.pointer))
                }
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

    var templateWarnings: [Diagnostic] { record.withLock { $0.templateWarnings } }

    var lastFailure: Diagnostic? {
        get { record.withLock { $0.lastFailure } }
        set { record.withLock { $0.lastFailure = newValue } }
    }
}
