import JasonJSON

/// The variables of one view that templates see (spec §1.3): a value, part of the run's state.
public struct ViewVariables: Sendable {
    /// In one shared box: the variables are copied several times per action (lent to the action, read
    /// for its templates), and copying nine reference-counted members each time showed in the loop's cost.
    private struct Members {
        var get: JSONObject = [:]
        var params: JSONObject = [:]
        var cache: JSONObject = [:]
        var global: JSONObject = [:]
        var viewData: JSONObject = [:]
        var env: JSON = [:]
        var body: JSON?
        var scriptGlobals: JSONObject = [:]
        var frame: Token
        /// What `$render` drew from: its template, the `$get` it saw, and where it was written.
        var drawn: Drawn?
    }

    /// The last `$render` of a template that reads `$get`.
    struct Drawn: Sendable {
        var template: String
        var get: JSONObject
        var by: ActionPath
    }

    @SharedBox private var members: Members

    public var get: JSONObject { members.get }
    /// Where `$get`'s values lie: its identity, told without copying it (a copy retains three references).
    var getStorage: UnsafeRawPointer? {
        members.get.values.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    public var params: JSONObject { members.params }
    public var cache: JSONObject { members.cache }
    public var global: JSONObject { members.global }
    var viewData: JSONObject { members.viewData }
    var env: JSON { members.env }
    /// The view's current body: the document's, or the last one `$render` drew.
    public var body: JSON? { members.body }
    /// Data-holding globals of `$script.include` scripts, shown to templates as iOS did.
    var scriptGlobals: JSONObject { members.scriptGlobals }

    /// Replaced at every change but `$set`'s (each mutation below but `mergeGet` ends with it): while it
    /// is unchanged, template data made before differs from what `templateData` would make now only in
    /// `$get`, which is told by its storage (the interpreter keeps the last data it made, and with it the
    /// `$get` it saw, so a `$set` after it always writes to new storage).
    var frame: Token { members.frame }

    final class Token: Sendable {}

    init(viewData: JSONObject, env: JSON, params: JSONObject = [:]) {
        _members = SharedBox(wrappedValue: Members(params: params, viewData: viewData, env: env, frame: Token()))
    }

    /// Empty variables that stand in the state while an action holds the real ones: made with one
    /// allocation (the box), as they are made twice per action.
    private init(standIn token: Token) { _members = SharedBox(wrappedValue: Members(frame: token)) }
    static var placeholder: ViewVariables { ViewVariables(standIn: standInToken) }
    private static let standInToken = Token()

    /// `$set`: shallow merge into `$get` (R29).
    mutating func mergeGet(_ values: JSONObject) {
        for (k, v) in values { members.get[k] = v }
    }

    mutating func setGlobal(_ values: JSONObject) { members.global = values; renew() }
    mutating func setCache(_ values: JSONObject) { members.cache = values; renew() }
    mutating func setBody(_ body: JSON?) { members.body = body; renew() }
    var drawn: Drawn? { members.drawn }
    /// `$render` drew `body` from `template`: when the template reads `$get`, what it saw is kept, so a
    /// chain that changes `$get` afterwards and ends without drawing again can be told.
    mutating func setDrawnBody(_ body: JSON?, template: String, readsGet: Bool, by path: ActionPath) {
        members.drawn = readsGet ? Drawn(template: template, get: members.get, by: path) : nil
        setBody(body)
    }
    mutating func forgetDrawn() { members.drawn = nil }
    /// `$render` with a non-empty register makes it the view data (R31), hiding `head.data`'s keys.
    mutating func setViewData(_ data: JSONObject) { members.viewData = data; renew() }
    mutating func mergeScriptGlobals(_ values: JSONObject) {
        for (k, v) in values { members.scriptGlobals[k] = v }
        renew()
    }
    mutating func clearScriptGlobals() { members.scriptGlobals = [:]; renew() }

    /// After a change to anything but `$get`.
    private mutating func renew() {
        members.frame = Token()
    }

    /// The names templates see beside the view data (`templateData`).
    package static let names = ["$jason", "$get", "$params", "$cache", "$global", "$env"]

    /// register ⊕ variables: the data object every template of an action is rendered against.
    public func templateData(jason: JSON?) -> JSON {
        var data = viewData
        // Room for everything at once: grown one member at a time, the keys and values were copied thrice.
        data.reserveCapacity(viewData.count + scriptGlobals.count + Self.names.count)
        for (k, value) in scriptGlobals { data[k] = value }
        data.removeValue(forKey: "$jason")
        if let jason { data["$jason"] = jason }
        data["$get"] = .object(get)
        data["$params"] = .object(params)
        data["$cache"] = .object(cache)
        data["$global"] = .object(global)
        data["$env"] = env
        return .object(data)
    }
}

/// The last template data made and what it was made from: every action of a chain asks for it, and the
/// same value while nothing changed lets the script engine and the transformer see at a glance that it is
/// the same data.
struct TemplateDataCache {
    // Separate members rather than one optional tuple: asking does not copy what was kept.
    private var frame: ViewVariables.Token?
    private var jason: JSON?
    /// The data made last. Its `$get` keeps that object's storage from being reused or changed in place,
    /// so the next `$get` is told from it by its storage alone.
    private var value: JSON?
    /// Where `$get` lies in `value`'s members, and where that `$get`'s values lie (its identity: `value`
    /// keeps the storage alive, so no other object can come to lie there meanwhile).
    private var getIndex: Int?
    private var getStorage: UnsafeRawPointer?

    /// The template data for `variables` and `jason`: the data made last when nothing changed since; that
    /// data with its `$get` replaced where it lies when only `$get` changed (a `$set` in a loop), without
    /// hashing a name or copying the names' storage; else made anew. Kept in place of the old. One
    /// mutating call: asked in parts, the interpreter copied the whole cache out to ask each.
    mutating func data(for variables: ViewVariables, jason: JSON?) -> JSON {
        let made = lend(for: variables, jason: jason)
        value = made
        return made
    }

    /// The same data, taken out rather than copied, for one render that hands it back (`giveBack`) when
    /// it ends: a copy kept here as well was two more references to take and let go of at every
    /// condition of a loop. Until then the cache holds none, and asking again makes it anew.
    mutating func lend(for variables: ViewVariables, jason: JSON?) -> JSON {
        if frame === variables.frame, Self.same(self.jason, jason), let getIndex, value != nil {
            let storage = variables.getStorage
            if storage == getStorage { return value.take()! }
            // Taken out, so that its members' storage stays unique and `$get` is written where it lies.
            if case .object(var data)? = value.take() {
                data.values[getIndex] = .object(variables.get)
                getStorage = storage
                return .object(data)
            }
        }
        let made = variables.templateData(jason: jason)
        // What was kept is another frame's: not to be handed out again if `giveBack` never comes.
        value = nil
        frame = variables.frame
        self.jason = jason
        getIndex = made.objectValue?.index(forKey: "$get")
        getStorage = variables.getStorage
        return made
    }

    /// Takes back what `lend` gave, unchanged.
    mutating func giveBack(_ data: consuming JSON) { value = data }

    private static func same(_ a: JSON?, _ b: JSON?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.isIdentical(to: b)
        default: false
        }
    }
}
