import JasonRuntime

/// The registry a `jasonrun` run starts with: the interpreter's core actions plus every built-in group.
/// Hosts take this value and add their own groups to it.
public enum StandardLibrary {
    public static var registry: ActionRegistry {
        var registry = ActionRegistry.core
        registry.register(group: "util", UtilActions.handlers)
        registry.register(group: "log", LogActions.handlers)
        registry.register(group: "global", StorageActions.global)
        registry.register(group: "cache", StorageActions.cache)
        registry.register(group: "session", StorageActions.session)
        registry.register(group: "timer", TimerActions.handlers)
        registry.register(group: "network", NetworkActions.handlers)
        registry.register(core: "require", RequireAction())
        return registry
    }
}
