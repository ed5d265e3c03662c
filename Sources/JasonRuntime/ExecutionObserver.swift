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

public protocol ExecutionObserver: AnyObject, Sendable {
    func observe(_ event: ExecutionEvent) async
}
