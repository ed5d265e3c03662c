import JasonJSON

/// The variables of one view that templates see (spec §1.3): a value, part of the run's state.
public struct ViewVariables: Sendable {
    public internal(set) var get: JSONObject = [:] { didSet { changed() } }
    public internal(set) var params: JSONObject = [:] { didSet { changed() } }
    public internal(set) var cache: JSONObject = [:] { didSet { changed() } }
    public internal(set) var global: JSONObject = [:] { didSet { changed() } }
    var viewData: JSONObject = [:] { didSet { changed() } }
    var env: JSON = [:] { didSet { changed() } }
    /// The view's current body: the document's, or the last one `$render` drew.
    public internal(set) var body: JSON? { didSet { changed() } }
    /// Data-holding globals of `$script.include` scripts, shown to templates as iOS did.
    var scriptGlobals: JSONObject = [:] { didSet { changed() } }

    /// Replaced at every change: a template data object made for one token is valid while the
    /// variables still carry it (the interpreter keeps the last one it made).
    private(set) var token = Token()

    final class Token: Sendable {}

    init(viewData: JSONObject, env: JSON, params: JSONObject = [:]) {
        self.viewData = viewData
        self.env = env
        self.params = params
    }

    private mutating func changed() { token = Token() }

    /// `$set`: shallow merge into `$get` (R29).
    mutating func mergeGet(_ members: JSONObject) {
        for (k, v) in members { get[k] = v }
    }

    /// register ⊕ variables: the data object every template of an action is rendered against.
    public func templateData(jason: JSON?) -> JSON {
        var data = viewData
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
    private var last: (token: ViewVariables.Token, jason: JSON?, value: JSON)?

    mutating func data(_ variables: ViewVariables, jason: JSON?) -> JSON {
        if let last, last.token === variables.token, Self.same(last.jason, jason) { return last.value }
        let value = variables.templateData(jason: jason)
        last = (variables.token, jason, value)
        return value
    }

    private static func same(_ a: JSON?, _ b: JSON?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.isIdentical(to: b)
        default: false
        }
    }
}
