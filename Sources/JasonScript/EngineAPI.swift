import JasonJSON

/// What the template engine uses to keep data resident during a render (package access: the template
/// module is the one caller).
extension ScriptEngine {
    /// The resident top-level data object, synced with `data` unless `generation` (kept by the caller
    /// for one render) says this render synced it last and nothing changed it since.
    package func residentRoot(_ data: JSONObject, syncedAt generation: inout Int?) -> ScriptReceiver {
        withContext { $0.residentRoot(data, syncedAt: &generation) }
    }

    /// Evaluates with `this` = `receiver` and `extras` set meanwhile (own properties of an object, or
    /// on the prototypes of a primitive). `mayMutate` is true when the expression may have changed the
    /// data in the engine: from then on the engine holds the truth until the next sync.
    package func evaluate(_ expression: String, on receiver: ScriptReceiver,
                          extras: [(String, ScriptReceiver)]) -> (result: ScriptResult, mayMutate: Bool) {
        withContext { context in
            var mayMutate = false
            let result = context.call(expression, receiver: receiver, extras: extras.map { ($0.0, $0.1.value) },
                                      mayMutate: &mayMutate)
            return (result, mayMutate)
        }
    }

    /// `evaluate(_:on:extras:)` with `this` the resident root, synced with `data` (an object) unless
    /// `generation` says this caller synced it last: both under one lock, as a render's expressions on its
    /// top-level data are. Handed the data as the caller's scope holds it and opened here: opened by the
    /// caller, it was copied once more on the way.
    package func evaluate(_ expression: String, root data: JSON, syncedAt generation: inout Int?)
        -> (result: ScriptResult, mayMutate: Bool) {
        guard case .object(let members) = data else { return (.threw("the data is not an object"), false) }
        // The lock taken here rather than through `withContext`: its closure copied the data it held.
        lock.lock()
        defer { lock.unlock() }
        let context = readyContext()
        var mayMutate = false
        let root = context.residentRootDeferringOneSet(members, syncedAt: &generation)
        let result = context.call(expression, receiver: root, extras: [], mayMutate: &mayMutate)
        context.flushDeferredSet()   // when the call did not take it (a syntax error, say)
        return (result, mayMutate)
    }

    /// The array `expression` gives, kept in the engine, and its length; nil for anything else.
    package func holdArray(_ expression: String, on receiver: ScriptReceiver,
                           extras: [(String, ScriptReceiver)]) -> (array: ScriptReceiver, count: Int)? {
        withContext { $0.holdArray(expression, on: receiver, extras: extras.map { ($0.0, $0.1.value) }) }
    }

    /// Element `index` of a held array, held itself (the very object, not a copy).
    package func element(_ index: Int, of array: ScriptReceiver) -> ScriptReceiver? {
        withContext { $0.element(index, of: array) }
    }

    /// `value` converted once and held.
    package func hold(_ value: JSON) -> ScriptReceiver {
        withContext { $0.hold(value) }
    }
}

extension ScriptEngine {
    /// Each of `expressions` on each of the `count` items of a held array, with `$root` = `root` and
    /// `$index` the item's position: the results item by item, nil where a call never ran (one before
    /// it was stopped by a limit). Nil when the loop cannot be done in one call (an expression that does
    /// not compile or may change the data): the caller then evaluates one by one.
    package func evaluateEach(_ expressions: [String], items: ScriptReceiver, count: Int,
                              root: ScriptReceiver) -> [ScriptResult?]? {
        withContext { $0.callEach(expressions, items: items, count: count, root: root) }
    }
}
