/// The table of action handlers, by type (`$set`, `$util.banner`). A value: each interpreter is handed
/// its own, and hosts add their groups to it before handing it over.
public struct ActionRegistry: Sendable {
    private var handlers: [String: any ActionHandler] = [:]

    public init() {}

    /// Registers `$group.method` for each entry of `methods`; `group` is written without the `$`.
    public mutating func register(group: String, _ methods: [String: any ActionHandler]) {
        for (method, handler) in methods { handlers["$" + group + "." + method] = handler }
    }

    /// Registers a core action such as `$set` (`name` without the `$`).
    public mutating func register(core name: String, _ handler: any ActionHandler) {
        handlers["$" + name] = handler
    }

    public func handler(for type: String) -> (any ActionHandler)? { handlers[type] }

    public var types: [String] { handlers.keys.sorted() }

    /// The actions the interpreter itself provides; the rest come from JasonActions or the host.
    public static var core: ActionRegistry {
        var registry = ActionRegistry()
        registry.register(core: "set", ClosureHandler { invocation, context throws(ActionFailure) in
            guard case .object(let values)? = invocation.options else {
                throw ActionFailure(message: "$set needs an object of key/value pairs as options",
                                    type: invocation.type)
            }
            context.state.mergeGet(values)
            return nil
        })
        registry.register(core: "render", RenderAction())
        return registry
    }
}
