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
        registry.register(group: "convert", ConvertActions.handlers)
        registry.register(group: "script", ScriptActions.handlers)
        registry.register(group: "geo", DeviceGroups.geo)
        registry.register(group: "media", DeviceGroups.media)
        registry.register(group: "audio", DeviceGroups.audio)
        registry.register(group: "vision", DeviceGroups.vision)
        registry.register(group: "push", DeviceGroups.push)
        registry.register(group: "notification", DeviceGroups.notification)
        registry.register(group: "websocket", DeviceGroups.websocket)
        registry.register(group: "agent", AgentActions.handlers(runner: ScriptAgents()))
        registry.register(group: "oauth", DeviceGroups.oauth)
        registry.register(group: "network", ["upload": DeviceGroups.upload])
        for (name, handler) in CoreActions.handlers { registry.register(core: name, handler) }
        return registry
    }
}
