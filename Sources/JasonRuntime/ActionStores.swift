import JasonJSON

/// The stores an action may read and write: `$global`, `$session` and the view's `$cache`, each its
/// file when the run keeps one, or else the copy in the run's state.
public struct ActionStores: Sendable {
    let workspace: ViewWorkspace

    public var global: any KeyValueStore { store(StoreName.global) }
    public var session: any KeyValueStore { store(StoreName.session) }
    /// The `$cache` of the view the action runs in.
    public var cache: any KeyValueStore { store(StoreName.cache(workspace.url.lowercased())) }

    func store(_ name: String) -> any KeyValueStore {
        workspace.environment.stores.file(name) ?? StateStore(name: name, workspace: workspace)
    }
}

/// A store kept in the run's state, reached through the action's working copy.
struct StateStore: KeyValueStore {
    let name: String
    let workspace: ViewWorkspace

    func load() throws(StoreError) -> StoreContents {
        StoreContents(value: workspace.withWorking { $0.stores[name] ?? [:] })
    }

    func update(_ change: (inout JSONObject) -> Void) throws(StoreError) -> JSONObject {
        workspace.withWorking { w in
            var value = w.stores[name] ?? [:]
            change(&value)
            w.stores[name] = value
            return value
        }
    }
}
