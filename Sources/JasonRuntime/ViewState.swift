import JasonJSON
import Synchronization

/// The variables of the current view that templates see (spec §1.3). Shared by the interpreter and the
/// handlers it runs, one at a time; the lock makes that safe to hand to a handler.
public final class ViewState: Sendable {
    struct Values: Sendable {
        var get: JSONObject = [:]
        var params: JSONObject = [:]
        var cache: JSONObject = [:]
        var global: JSONObject = [:]
        var viewData: JSONObject = [:]
        var env: JSON = [:]
        var body: JSON?
        /// Data-holding globals of `$script.include` scripts, shown to templates as iOS did.
        var scriptGlobals: JSONObject = [:]
    }

    private let values: Mutex<Values>

    init(viewData: JSONObject, env: JSON, params: JSONObject = [:]) {
        values = Mutex(Values(params: params, viewData: viewData, env: env))
    }

    public var params: JSONObject { values.withLock { $0.params } }

    /// All the variables as one value, for snapshots; copying it shares the data.
    var saved: Values {
        get { values.withLock { $0 } }
        set { values.withLock { $0 = newValue } }
    }

    public var get: JSONObject { values.withLock { $0.get } }
    public var global: JSONObject { values.withLock { $0.global } }
    public var cache: JSONObject { values.withLock { $0.cache } }

    /// `$set`: shallow merge into `$get` (R29).
    public func mergeGet(_ members: JSONObject) {
        values.withLock { for (k, v) in members { $0.get[k] = v } }
    }

    /// The view's current body: the document's, or the last one `$render` drew.
    public var body: JSON? { values.withLock { $0.body } }
    public func replaceBody(_ body: JSON?) { values.withLock { $0.body = body } }

    /// `$render` with a non-empty register makes it the view data (R31), hiding `head.data`'s keys.
    public func replaceViewData(_ data: JSONObject) { values.withLock { $0.viewData = data } }

    public func replaceGlobal(_ members: JSONObject) { values.withLock { $0.global = members } }
    public func replaceCache(_ members: JSONObject) { values.withLock { $0.cache = members } }

    public func mergeScriptGlobals(_ members: JSONObject) {
        values.withLock { for (k, v) in members { $0.scriptGlobals[k] = v } }
    }

    public func clearScriptGlobals() { values.withLock { $0.scriptGlobals = [:] } }

    /// register ⊕ variables: the data object every template of an action is rendered against.
    public func templateData(jason: JSON?) -> JSON {
        values.withLock { v in
            var data = v.viewData
            for (k, value) in v.scriptGlobals { data[k] = value }
            data.removeValue(forKey: "$jason")
            if let jason { data["$jason"] = jason }
            data["$get"] = .object(v.get)
            data["$params"] = .object(v.params)
            data["$cache"] = .object(v.cache)
            data["$global"] = .object(v.global)
            data["$env"] = v.env
            return .object(data)
        }
    }
}
