import JasonJSON

/// What a handler is given: the action as it runs, the same value observers see (`ActionStep`), with
/// its options already rendered and checked against the handler's declaration.
public typealias ActionInvocation = ActionStep

extension ActionStep {
    /// An action of `type` to hand to a handler directly (a host or a test calling one).
    public init(type: String, options: JSON?, path: ActionPath, jason: JSON? = nil) {
        let call = ActionCall(target: .type(type), options: options, optionsHoldExpressions: false, success: nil,
                              error: nil, path: path, compiling: false)
        self.init(call: call, options: options, templateDiagnostics: [], jason: jason, callers: [], entry: nil)
    }

    /// The action's type (`$network.request`); `trigger` for a trigger, which no handler is given.
    public var type: String {
        switch target {
        case .type(let type): type
        case .trigger: "trigger"
        }
    }

    /// The options as an object (`{}` when there are none or they are not an object).
    public var optionObject: JSONObject { options?.objectValue ?? [:] }
}

/// How an action fails: the payload becomes `$jason` on the `error` branch (R18).
public struct ActionFailure: Error, Sendable {
    public var payload: JSON?
    /// Set when the action ends the chain quietly, as a cancelled date picker does on the phone: no
    /// branch runs and nothing is reported.
    public var endsChain = false

    public init(payload: JSON?) {
        self.payload = payload
    }

    /// Ends the chain without taking either branch.
    public static var endOfChain: ActionFailure {
        var failure = ActionFailure(payload: nil)
        failure.endsChain = true
        return failure
    }

    /// The usual payload of our own failures: `{"message": …, "type": …}`.
    public init(message: String, type: String) {
        payload = ["message": .string(message), "type": .string(type)]
    }
}

/// One action's implementation, the Swift form of the reference's `Jason<Group>Action` classes.
/// It ends exactly once, by returning (success) or throwing (error): the signature enforces it.
/// Returning nil is `success()` with no value, after which `$jason` is undefined (R17).
public protocol ActionHandler: Sendable {
    func perform(_ invocation: ActionInvocation, in context: ActionContext) async throws(ActionFailure) -> JSON?
    /// The action's declaration; nil for an undeclared one (its options are then not checked).
    var spec: ActionSpec? { get }
}

extension ActionHandler {
    public var spec: ActionSpec? { nil }
}

/// A handler made from a closure, for small actions and tests.
public struct ClosureHandler: ActionHandler {
    public let spec: ActionSpec?
    let body: @Sendable (ActionInvocation, ActionContext) async throws(ActionFailure) -> JSON?

    public init(_ spec: ActionSpec? = nil,
                _ body: @escaping @Sendable (ActionInvocation, ActionContext) async throws(ActionFailure) -> JSON?) {
        self.spec = spec
        self.body = body
    }

    public func perform(_ invocation: ActionInvocation, in context: ActionContext) async throws(ActionFailure)
        -> JSON?
    {
        try await body(invocation, context)
    }
}
