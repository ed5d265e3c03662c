import JasonJSON
import Synchronization

/// The `$jason` the last chain to end was left with (the register after its last action): what
/// `--print-jason` prints and what the REPL shows after a typed action.
package final class ChainResult: ImmediateObserver {
    private let state = Mutex<(current: JSON?, last: JSON?)>((nil, nil))

    package init() {}

    package func observeNow(_ event: ExecutionEvent) {
        state.withLock { s in
            switch event {
            case .willRun(let step): s.current = step.jason
            case .succeeded(_, let jason): s.current = jason
            case .failed(_, let payload): s.current = payload
            case .chainEnded: s.last = s.current
            case .chainStarted: s.current = nil
            case .branchTaken: break
            }
        }
    }

    package var value: JSON? { state.withLock { $0.last } }
}
