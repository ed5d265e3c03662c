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

extension ExecutionEvent {
    /// Kinds of events, for observers that hear only some.
    package struct Kinds: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        package static let chainStarted = Kinds(rawValue: 1 << 0)
        package static let willRun = Kinds(rawValue: 1 << 1)
        package static let succeeded = Kinds(rawValue: 1 << 2)
        package static let failed = Kinds(rawValue: 1 << 3)
        package static let branchTaken = Kinds(rawValue: 1 << 4)
        package static let chainEnded = Kinds(rawValue: 1 << 5)
        /// A `willRun` whose options left template diagnostics (heard alone by the batch run's report,
        /// so that the steps without any make no event).
        package static let templateWarnings = Kinds(rawValue: 1 << 6)
        package static let all: Kinds = [.chainStarted, .willRun, .succeeded, .failed, .branchTaken, .chainEnded,
                                         .templateWarnings]
    }
}

/// An observer that never waits (all of jasonrun's own): the loop calls it without an async hop, which
/// is a measurable part of an action's cost when every action is observed.
package protocol ImmediateObserver: ExecutionObserver {
    func observeNow(_ event: ExecutionEvent)
    /// The kinds of events it acts on (it may still be told of others, which it ignores): an event no
    /// observer hears is not made at all.
    var hears: ExecutionEvent.Kinds { get }
}

extension ImmediateObserver {
    package func observe(_ event: ExecutionEvent) async { observeNow(event) }
    package var hears: ExecutionEvent.Kinds { .all }
}

/// An interpreter's observers, and the same list as immediate observers when none of them waits.
struct Observers {
    private(set) var all: [any ExecutionObserver] = []
    private(set) var immediate: [any ImmediateObserver]? = []
    /// The kinds of events any of them hears: all of them when one may wait.
    private(set) var heard: ExecutionEvent.Kinds = []

    init(_ observers: [any ExecutionObserver]) {
        all = observers
        let immediate = observers.compactMap { $0 as? any ImmediateObserver }
        self.immediate = immediate.count == observers.count ? immediate : nil
        heard = immediate.count == observers.count ? immediate.reduce([]) { $0.union($1.hears) } : .all
    }

    /// Adds observers known not to wait, without asking each at run time whether it waits: that question
    /// makes the Swift runtime scan every conformance record of the binary once per class, at start-up.
    mutating func add(_ observers: [any ImmediateObserver]) {
        all += observers.map { $0 }
        immediate = immediate.map { $0 + observers }
        heard = observers.reduce(heard) { $0.union($1.hears) }
    }
}

extension Interpreter {
    /// Adds observers that never wait (jasonrun's own).
    package func observeNow(_ added: [any ImmediateObserver]) { observing.add(added) }
}
