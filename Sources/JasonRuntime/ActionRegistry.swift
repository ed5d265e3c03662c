/// The table of action handlers, by type (`$set`, `$util.banner`). A value: each interpreter is handed
/// its own, and hosts add their groups to it before handing it over.
public struct ActionRegistry: Sendable {
    private var handlers: [String: any ActionHandler] = [:]
    private var screens: [String: any NativeScreen] = [:]

    public init() {}

    /// Registers `$group.method` for each entry of `methods`; `group` is written without the `$`.
    public mutating func register(group: String, _ methods: [String: any ActionHandler]) {
        for (method, handler) in methods { handlers["$" + group + "." + method] = handler }
    }

    /// Registers a core action such as `$set` (`name` without the `$`).
    public mutating func register(core name: String, _ handler: any ActionHandler) {
        handlers["$" + name] = handler
    }

    package func handler(for type: String) -> (any ActionHandler)? { handlers[type] }

    /// Registers a host screen that an `href` opens with `"view": name` (see `NativeScreen`).
    public mutating func register(screen name: String, _ screen: any NativeScreen) {
        screens[name] = screen
    }

    package func screen(named name: String) -> (any NativeScreen)? { screens[name] }

    package var types: [String] { handlers.keys.sorted() }

    /// Every declared action with its declaration, the interpreter's own control actions included.
    package var specs: [(type: String, spec: ActionSpec)] {
        let declared = handlers.compactMap { type, handler in handler.spec.map { (type, $0) } }
        return (declared + ControlActions.specs).sorted { $0.0 < $1.0 }
    }

    /// What a run says of a type no action has, with the closest known one.
    package func unknownTypeMessage(_ type: String) -> String {
        let known = types + ControlActions.specs.map(\.type)
        if let guess = Suggestion.closest(to: type, among: known) {
            return "unknown action type '\(type)'; did you mean \(guess)?"
        }
        if type.hasPrefix("$") || type.hasPrefix("@") { return "unknown action type '\(type)'" }
        return "unknown action type '\(type)' (built-in types start with '$')"
    }

    public func spec(for type: String) -> ActionSpec? {
        handlers[type]?.spec ?? ControlActions.specs.first { $0.type == type }?.spec
    }

    /// The actions the interpreter itself provides as handlers (`$render`); the rest come from JasonActions
    /// or the host. `$set` and the control actions are carried out by the loop (`ControlActions`).
    public static var core: ActionRegistry {
        var registry = ActionRegistry()
        registry.register(core: "render", RenderAction())
        return registry
    }
}
