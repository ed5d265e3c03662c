import JasonJSON
import JasonRuntime

/// `$global.*`, `$cache.*` and `$session.*`: dictionaries that outlive the run (R30, DESIGN §3).
package enum StorageActions {
    package static let global: [String: any ActionHandler] = [
        "set": ClosureHandler(ActionSpec(
            "Merges its options into $global, the app-wide dictionary, and saves it.", openOptions: true,
            returns: "the whole merged $global", errors: "options whose text holds both {{ and }}, even in different values (nothing is stored, S4, as on the phone); a store that cannot be written",
            terminal: "saved in global.json in the state directory (--state-dir), or kept in memory (--no-persist)")) {
            invocation, context throws(ActionFailure) in
            .object(try AtomicMerge(invocation: invocation, view: context.view, variable: .global)
                .run(context.stores.global))
        },
        "reset": ClosureHandler(ActionSpec(
            "Removes the keys listed in items from $global (without items, nothing, as on the phone).",
            options: [OptionSpec("items", .array, "the keys to remove")],
            returns: "what remains of $global", errors: "a store that cannot be written",
            terminal: "as $global.set")) { invocation, context throws(ActionFailure) in
            let keys = invocation.optionObject["items"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let remaining = try write(context.stores.global, invocation) { for k in keys { $0[k] = nil } }
            context.view.replaceGlobal(remaining)
            return .object(remaining)
        },
    ]

    package static let cache: [String: any ActionHandler] = [
        "set": ClosureHandler(ActionSpec(
            "Merges its options into $cache, this view's dictionary, and saves it.", openOptions: true,
            returns: "the whole merged $cache", errors: "options whose text holds both {{ and }}, even in different values (nothing is stored, S4, as on the phone); a store that cannot be written",
            terminal: "saved per view URL (lower-cased) under cache/ in the state directory")) {
            invocation, context throws(ActionFailure) in
            let store = context.stores.cache
            return .object(try AtomicMerge(invocation: invocation, view: context.view, variable: .cache).run(store))
        },
        "reset": ClosureHandler(ActionSpec(
            "Empties $cache.", returns: "undefined ($cache.reset succeeds with {})",
            errors: "a store that cannot be written", terminal: "as $cache.set")) { invocation, context throws(ActionFailure) in
            let store = context.stores.cache
            _ = try write(store, invocation) { $0 = [:] }
            context.view.replaceCache([:])
            return .object([:])
        },
    ]

    package static let session: [String: any ActionHandler] = [
        "set": ClosureHandler(ActionSpec(
            "Remembers headers and body fields to send with every request to a domain.",
            options: [OptionSpec("url", .string, "a URL of the domain"), OptionSpec("domain", .string, "the domain"),
                      OptionSpec("header", .object, "headers to send"), OptionSpec("body", .object, "body fields to send")],
            errors: "neither url nor domain", terminal: "saved in session.json in the state directory")) {
            invocation, context throws(ActionFailure) in
            let options = invocation.optionObject
            let domain = try domain(of: invocation)
            let entry: JSON = ["header": options["header"] ?? [:], "body": options["body"] ?? [:]]
            _ = try write(context.stores.session, invocation) { $0[domain] = entry }
            return nil
        },
        "reset": ClosureHandler(ActionSpec(
            "Forgets what $session.set remembered for a domain.",
            options: [OptionSpec("url", .string, "a URL of the domain"), OptionSpec("domain", .string, "the domain"),
                      OptionSpec("type", .string, "html to forget cookies too (there are none in a terminal)")],
            errors: "neither url nor domain (the phone app would never complete)",
            terminal: "as $session.set")) { invocation, context throws(ActionFailure) in
            let domain = try domain(of: invocation)
            _ = try write(context.stores.session, invocation) { $0[domain] = nil }
            return nil
        },
    ]

    /// The options as an object with no `{{ }}` left in them (iOS refuses to store those, S4).
    static func checkedValues(_ invocation: ActionInvocation) throws(ActionFailure) -> JSONObject {
        guard case .object(let values)? = invocation.options else {
            throw ActionFailure(message: "\(invocation.type) needs an object of key/value pairs as options", type: invocation.type)
        }
        // The phone looks at the options' text as a whole: "{{" in one value and "}}" in another refuse it too.
        let braces = JSON.object(values).braces
        if braces.open, braces.close {
            let named = values.first { $0.value.containsUnresolvedExpression }.map { "'\($0.key)' still holds a {{ }} expression that could not be evaluated" }
                ?? "the options hold both {{ and }} (in different values), which the phone takes for a template left unrendered"
            throw ActionFailure(message: named + ", so nothing was stored", type: invocation.type)
        }
        return values
    }

    static func write(_ store: any KeyValueStore, _ invocation: ActionInvocation,
                      _ change: (inout JSONObject) -> Void) throws(ActionFailure) -> JSONObject {
        do {
            return try store.update(change)
        } catch {
            throw ActionFailure(message: error.description, type: invocation.type)
        }
    }

    static func domain(of invocation: ActionInvocation) throws(ActionFailure) -> String {
        let options = invocation.optionObject
        if let domain = options["domain"]?.stringValue, !domain.isEmpty { return domain.lowercased() }
        if let url = options["url"]?.stringValue, let host = URLText.host(of: url) { return host }
        throw ActionFailure(message: "\(invocation.type) needs a url or a domain", type: invocation.type)
    }
}

extension JSON {
    /// Any string (or key) still holding both `{{` and `}}`.
    var containsUnresolvedExpression: Bool {
        switch self {
        case .string(let s): s.hasTemplateMarker && s.contains("}}")
        case .array(let a): a.contains { $0.containsUnresolvedExpression }
        case .object(let o): o.contains { ($0.key.hasTemplateMarker && $0.key.contains("}}")) || $0.value.containsUnresolvedExpression }
        case .null, .bool, .int, .double: false
        }
    }

    /// Whether any key or string inside holds `{{`, and whether any holds `}}`.
    var braces: (open: Bool, close: Bool) {
        switch self {
        case .string(let s): (s.hasTemplateMarker, s.contains("}}"))
        case .array(let items): items.reduce((false, false)) { found, item in
            let b = item.braces
            return (found.0 || b.open, found.1 || b.close)
        }
        case .object(let members): members.reduce((false, false)) { found, member in
            let b = member.value.braces
            return (found.0 || b.open || member.key.hasTemplateMarker, found.1 || b.close || member.key.contains("}}"))
        }
        case .null, .bool, .int, .double: (false, false)
        }
    }
}

/// Small URL text helpers (no Foundation in this file's callers' way).
enum URLText {
    /// The lower-cased host of `http(s)://host[:port]/…`, or of a URL without a scheme.
    static func host(of url: String) -> String? {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        return host.isEmpty ? nil : host.lowercased()
    }
}
