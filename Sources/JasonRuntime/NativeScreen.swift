import JasonJSON

/// A screen of the host app that documents can open, the seed's "Jasonette => non-Jasonette"
/// integration: an `href` (or `$href`) whose `view` is the screen's name calls `open` with the href's
/// `options` (the seed's `jason` property). What it returns resumes the chain like `$ok`: it becomes
/// `$jason` for the `$href`'s `success`; throwing takes the `error` branch.
public protocol NativeScreen: Sendable {
    func open(_ options: JSON?, in context: ActionContext) async throws(ActionFailure) -> JSON?
}

/// A native screen made from a closure.
public struct ClosureScreen: NativeScreen {
    let body: @Sendable (JSON?, ActionContext) async throws(ActionFailure) -> JSON?

    public init(_ body: @escaping @Sendable (JSON?, ActionContext) async throws(ActionFailure) -> JSON?) {
        self.body = body
    }

    public func open(_ options: JSON?, in context: ActionContext) async throws(ActionFailure) -> JSON? {
        try await body(options, context)
    }
}
