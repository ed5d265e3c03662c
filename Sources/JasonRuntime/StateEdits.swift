import DequeModule
import JasonJSON

/// Changes a debugger makes to a stopped run (`set $get.x = 3`): the loop is not running, so they go
/// straight into the state, and into the stores for `$global` and `$cache`.
extension Interpreter {
    /// Sets `key` of `variable` in the view on screen; `$global` and `$cache` are written to their store.
    package func set(_ variable: RunState.Variable, key: String, to value: JSON) throws(StoreError) {
        let top = state.topIndex
        switch variable {
        case .get:
            state.views[top].variables.mergeGet([key: value])
        case .global:
            state.views[top].variables.setGlobal(try update(StoreName.global) { $0[key] = value })
        case .cache:
            state.views[top].variables.setCache(try update(StoreName.cache(state.top.url.lowercased())) { $0[key] = value })
        }
    }

    /// `$session` as stored (its file, or the copy in the state).
    package var session: JSONObject {
        if let file = environment.stores.file(StoreName.session) { return (try? file.load().value) ?? [:] }
        return state.stores[StoreName.session] ?? [:]
    }

    private func update(_ name: String, _ change: (inout JSONObject) -> Void) throws(StoreError) -> JSONObject {
        if let file = environment.stores.file(name) { return try file.update(change) }
        var value = state.stores[name] ?? [:]
        change(&value)
        state.stores[name] = value
        return value
    }

    /// Gives the first queued call (the document's `$load`, or its single action) `jason` as its `$jason`.
    package func seedFirstCall(jason: JSON) {
        guard !state.queue.isEmpty else { return }
        state.queue[state.queue.startIndex].jason = jason
    }

    /// The calls waiting, for a debugger that runs one typed action alone before them.
    package var queuedCalls: [QueuedCall] {
        get { Array(state.queue) }
        set { state.queue = Deque(newValue) }
    }
}

extension RunState {
    /// A variable a debugger may set.
    package enum Variable: String, Sendable {
        case get = "$get", global = "$global", cache = "$cache"
    }

    /// The variable as the view on screen sees it.
    package func value(of variable: Variable) -> JSONObject {
        let variables = top.variables
        return switch variable {
        case .get: variables.get
        case .global: variables.global
        case .cache: variables.cache
        }
    }
}
