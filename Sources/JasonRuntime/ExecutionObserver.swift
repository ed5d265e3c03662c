import JasonJSON

public enum Branch: String, Sendable {
    case success, error
    /// Neither: the chain (or the lambda) ends here.
    case none
}

/// What happens at action boundaries. The trace and the debugger are observers; the loop knows neither.
public enum ExecutionEvent: Sendable {
    case chainStarted(origin: String)
    case willRun(ActionStep)
    case succeeded(ActionStep, jason: JSON?)
    case failed(ActionStep, payload: JSON?)
    case branchTaken(ActionStep, Branch)
    case chainEnded(ChainOutcome)
}

public enum ChainOutcome: Sendable {
    case finished
    indirect case failed(Diagnostic)
    /// The view the chain ran in went away while an action was under way (R20, S24); nothing more runs.
    case abandoned(String)
}

/// Observers are told of a step's events in order, before `Interpreter.step` returns.
public protocol ExecutionObserver: AnyObject, Sendable {
    func observe(_ event: ExecutionEvent) async
}

/// An observer that never waits (all of jasonrun's own): the loop calls it without an async hop, which
/// is a measurable part of an action's cost when every action is observed.
package protocol ImmediateObserver: ExecutionObserver {
    func observeNow(_ event: ExecutionEvent)
}

extension ImmediateObserver {
    package func observe(_ event: ExecutionEvent) async { observeNow(event) }
}

/// An interpreter's observers, and the same list as immediate observers when none of them waits.
struct Observers {
    private(set) var all: [any ExecutionObserver] = []
    private(set) var immediate: [any ImmediateObserver]? = []

    init(_ observers: [any ExecutionObserver]) {
        all = observers
        let immediate = observers.compactMap { $0 as? any ImmediateObserver }
        self.immediate = immediate.count == observers.count ? immediate : nil
    }

    /// Adds observers known not to wait, without asking each at run time whether it waits: that question
    /// makes the Swift runtime scan every conformance record of the binary once per class, at start-up.
    mutating func add(_ observers: [any ImmediateObserver]) {
        all += observers.map { $0 }
        immediate = immediate.map { $0 + observers }
    }
}

extension Interpreter {
    /// Adds observers that never wait (jasonrun's own).
    package func observeNow(_ added: [any ImmediateObserver]) { observing.add(added) }
}
