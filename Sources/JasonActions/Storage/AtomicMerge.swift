import JasonJSON
import JasonRuntime

/// `$global.set` and `$cache.set` as one read-modify-write. The interpreter renders the options before the
/// handler runs, against the `$global`/`$cache` this process last saw; another process may have written
/// since. So, under the store's lock, the handler reads the stored value again and, when it differs from
/// what the templates saw, renders the action's options again against it before merging. Two processes
/// that both run `{"n": "{{($global.n || 0) + 1}}"}` then never lose an increment.
struct AtomicMerge {
    enum Variable {
        case global, cache
    }

    let invocation: ActionInvocation
    let view: ActionView
    let variable: Variable

    /// Merges the options into `store`; returns the stored dictionary.
    func run(_ store: any KeyValueStore) throws(ActionFailure) -> JSONObject {
        let rendered = try StorageActions.checkedValues(invocation)
        let seen = variable == .global ? view.variables.global : view.variables.cache
        let raw = rawOptions()
        var failure: ActionFailure?
        let merged: JSONObject
        do throws(StoreError) {
            merged = try store.update { (stored: inout JSONObject) -> Void in
                var values = rendered
                if let raw, stored != seen {
                    replace(stored)
                    let again = view.transform(raw, data: view.templateData(jason: invocation.jason))
                    var fresh = invocation
                    fresh.options = again
                    do throws(ActionFailure) { values = try StorageActions.checkedValues(fresh) } catch {
                        failure = error
                        return
                    }
                }
                for (k, v) in values { stored[k] = v }
            }
        } catch {
            throw ActionFailure(message: error.description, type: invocation.type)
        }
        if let failure { throw failure }
        replace(merged)
        return merged
    }

    func replace(_ value: JSONObject) {
        switch variable {
        case .global: view.replaceGlobal(value)
        case .cache: view.replaceCache(value)
        }
    }

    /// The options as written, when this action was written in the document of this view and has templates.
    func rawOptions() -> JSON? {
        let document = view.document
        guard invocation.path.file == document.locator.fileName,
              case .object(let action)? = document.root.value(at: invocation.path.pointer),
              action["type"]?.stringValue == invocation.type,
              let options = action["options"], options.containsTemplateMarker else { return nil }
        return options
    }
}
