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

    /// The variables, and the snapshot of them last handed out while they have not changed since.
    private struct Stored {
        var values: Values
        var saved: SavedValues?
        /// The last template data made, and the register it was made with, while nothing changed.
        var data: (jason: JSON?, value: JSON)?
    }

    private let stored: Mutex<Stored>

    init(viewData: JSONObject, env: JSON, params: JSONObject = [:]) {
        stored = Mutex(Stored(values: Values(params: params, viewData: viewData, env: env)))
    }

    private func read<T>(_ body: (Values) -> T) -> T { stored.withLock { body($0.values) } }

    private func change(_ body: (inout Values) -> Void) {
        stored.withLock { s in
            body(&s.values)
            s.saved = nil
            s.data = nil
        }
    }

    public var params: JSONObject { read { $0.params } }

    /// All the variables as one value, for snapshots: the same reference until they change.
    var saved: SavedValues {
        get {
            stored.withLock { s in
                if let saved = s.saved { return saved }
                let saved = SavedValues(s.values)
                s.saved = saved
                return saved
            }
        }
        set { stored.withLock { $0 = Stored(values: newValue.values, saved: newValue) } }
    }

    public var get: JSONObject { read { $0.get } }
    public var global: JSONObject { read { $0.global } }
    public var cache: JSONObject { read { $0.cache } }

    /// `$set`: shallow merge into `$get` (R29).
    public func mergeGet(_ members: JSONObject) {
        change { for (k, v) in members { $0.get[k] = v } }
    }

    /// The view's current body: the document's, or the last one `$render` drew.
    public var body: JSON? { read { $0.body } }
    public func replaceBody(_ body: JSON?) { change { $0.body = body } }

    /// `$render` with a non-empty register makes it the view data (R31), hiding `head.data`'s keys.
    public func replaceViewData(_ data: JSONObject) { change { $0.viewData = data } }

    public func replaceGlobal(_ members: JSONObject) { change { $0.global = members } }
    public func replaceCache(_ members: JSONObject) { change { $0.cache = members } }

    public func mergeScriptGlobals(_ members: JSONObject) {
        change { for (k, v) in members { $0.scriptGlobals[k] = v } }
    }

    public func clearScriptGlobals() { change { $0.scriptGlobals = [:] } }

    /// register ⊕ variables: the data object every template of an action is rendered against.
    public func templateData(jason: JSON?) -> JSON {
        stored.withLock { s in
            // Every action of a chain asks for it; the same value while nothing changed lets the script
            // engine and the renderer see at a glance that it is the same data.
            if let made = s.data, Self.same(made.jason, jason) { return made.value }
            let v = s.values
            var data = v.viewData
            for (k, value) in v.scriptGlobals { data[k] = value }
            data.removeValue(forKey: "$jason")
            if let jason { data["$jason"] = jason }
            data["$get"] = .object(v.get)
            data["$params"] = .object(v.params)
            data["$cache"] = .object(v.cache)
            data["$global"] = .object(v.global)
            data["$env"] = v.env
            s.data = (jason, .object(data))
            return .object(data)
        }
    }

    private static func same(_ a: JSON?, _ b: JSON?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.isIdentical(to: b)
        default: false
        }
    }
}

/// A view's variables at one moment, shared by every snapshot taken while they did not change.
final class SavedValues: Sendable {
    let values: ViewState.Values
    init(_ values: ViewState.Values) { self.values = values }
}
