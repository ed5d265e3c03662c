import JasonJSON
import JasonRuntime

extension Pass {
    /// Options as written against the action's declaration: a required option missing, a value of the
    /// wrong kind or out of range, an option the action does not know. Values holding `{{ }}` are
    /// judged when they are rendered, at run time, not here.
    mutating func check(_ options: JSON?, against spec: ActionSpec, type: String, at pointer: JSONPointer) {
        guard !spec.options.isEmpty else { return }
        let members: JSONObject
        switch options {
        case nil, .null?:
            members = [:]
        case .object(let object)?:
            members = object
        case .string(let text)? where text.hasTemplateMarker:
            return
        case let other?:
            report(.invalidOptions, .error, "\(type) takes an object of options, found \(other.kindName)", at: pointer)
            return
        }
        // A key such as `{{#each …}}` makes the members known only after rendering.
        let templatedKeys = members.keys.contains { $0.hasTemplateMarker }
        for option in spec.options {
            guard let value = members[option.name], !value.isNull else {
                if option.required, !templatedKeys, !Self.opensHostScreen(type, members) {
                    report(.invalidOptions, .error, "\(type) needs option '\(option.name)' (\(option.summary))",
                           at: options == nil ? pointer.parent : pointer)
                }
                continue
            }
            guard !value.containsTemplateMarker else { continue }
            let at = pointer.appending(option.name)
            if !option.kind.accepts(value) {
                report(.invalidOptions, .error,
                       "option '\(option.name)' of \(type) must be \(option.kind.phrase), found \(value.kindName)",
                       at: at)
            } else if let range = option.range, let number = NumberRange.number(value), !range.contains(number) {
                report(.invalidOptions, .error,
                       "option '\(option.name)' of \(type) must be a number from \(range.phrase), found \(value.description.prefix(40))",
                       at: at)
            }
        }
        guard !templatedKeys else { return }
        for (key, message, near) in spec.unknownOptions(members, type: type) {
            report(.unknownOption, .warning, message, atKeyOf: pointer.appending(key), fix: near.map { (key, $0) })
        }
    }

    /// `$href` with a `view` other than jason/web/app opens a host screen by name and needs no URL.
    static func opensHostScreen(_ type: String, _ options: JSONObject) -> Bool {
        guard type == "$href" || type == "$visit", case .string(let view)? = options["view"] else { return false }
        return !["jason", "web", "app"].contains(view.lowercased())
    }
}

extension JSONPointer {
    /// The pointer of the node holding this one (the root's is the root).
    package var parent: JSONPointer {
        guard let slash = description.lastIndex(of: "/") else { return .root }
        return JSONPointer(String(description[..<slash]))
    }
}
