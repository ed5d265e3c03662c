import JasonJSON
import JasonRuntime

/// A place in a document where an action is written, with the ways out of it: what coverage counts
/// and what the graph draws.
package struct ActionSite: Sendable {
    package enum Kind: Sendable {
        /// A call; `success` and `error` tell which branches are written.
        case call(ActionCall.Target, options: JSON?, success: Bool, error: Bool)
        /// A conditional array; each branch's condition (nil for `{{#else}}`) and where its action is written.
        case conditional([(condition: String?, pointer: JSONPointer)])
        /// A string that renders to an action.
        case template(String)
    }

    package var path: ActionPath
    package var kind: Kind
    /// The `head.actions` entry it belongs to (nil for a bare action document).
    package var entry: String?

    package var line: Int? { path.location?.line }
    package var pointer: JSONPointer { path.pointer }
}

extension Document {
    /// Every action written in the document, in source order: the calls of `head.actions` (or the bare
    /// action), their `success`/`error` and the branches of conditional arrays.
    package var actionSites: [ActionSite] { actionSites(taps: componentActions()) }

    /// The same, with `taps` (this document's `componentActions()`) given by a caller that needs them too.
    package func actionSites(taps: [(name: String, node: ActionNode)]) -> [ActionSite] {
        var sites: [ActionSite] = []
        var nodes: [(ActionNode, String?)] = actions.keys.sorted().compactMap { name in actions[name].map { ($0, name) } }
        if let bareAction { nodes.append((bareAction, nil)) }
        nodes += taps.map { ($0.node, $0.name) }
        while let (node, entry) = nodes.popLast() {
            switch node {
            case .call(let call):
                sites.append(ActionSite(path: call.path, kind: .call(call.target, options: call.options,
                                                                    success: call.success != nil, error: call.error != nil),
                                        entry: entry))
                nodes += [call.success, call.error].compactMap { $0.map { ($0, entry) } }
                nodes += pickerChoices(call).map { ($0, entry) }
            case .conditional(let conditional):
                var branches: [(condition: String?, pointer: JSONPointer)] = []
                for (i, branch) in conditional.conditional.branches.enumerated() {
                    let pointer = conditional.path.pointer.appending(i).appending(branch.key)
                    branches.append((branch.condition, pointer))
                    if let parsed = try? ActionNode.parse(branch.value, at: pointer, locator: locator) {
                        nodes.append((parsed, entry))
                    }
                }
                sites.append(ActionSite(path: conditional.path, kind: .conditional(branches), entry: entry))
            case .template(let text, let path):
                sites.append(ActionSite(path: path, kind: .template(text), entry: entry))
            case .empty, .malformed:
                break
            }
        }
        return sites.sorted { a, b in
            let (la, lb) = (a.path.location, b.path.location)
            if let la, let lb, (la.line, la.column) != (lb.line, lb.column) { return (la.line, la.column) < (lb.line, lb.column) }
            return a.pointer.description < b.pointer.description
        }
    }
}

extension Document {
    /// The actions of a `$util.picker`'s items (`options.items[i].action`): the one chosen runs next.
    func pickerChoices(_ call: ActionCall) -> [ActionNode] {
        Self.pickerChoices(call.target, options: call.options, at: call.path.pointer).compactMap { choice in
            guard let action = call.options?["items"]?[choice.index]?["action"] else { return nil }
            return try? ActionNode.parse(action, at: choice.pointer, locator: locator)
        }
    }

    /// Where a `$util.picker`'s item actions are written, with each item's text; nothing for other actions.
    package static func pickerChoices(_ target: ActionCall.Target, options: JSON?, at pointer: JSONPointer)
        -> [(index: Int, text: String, pointer: JSONPointer)] {
        guard target == .type("$util.picker"), case .array(let items)? = options?["items"] else { return [] }
        return items.enumerated().compactMap { i, item in
            guard item["action"] != nil else { return nil }
            return (i, item["text"]?.stringValue ?? "item \(i)",
                    pointer.appending("options").appending("items").appending(i).appending("action"))
        }
    }

    /// The actions a tap starts: the `action` (or `href`) of every component, item, header menu, footer tab
    /// and layer of the written body and of `head.templates`, each named by where it sits ("tap:
    /// sections/0/items/2", "tap: header menu", "tap: body template sections/0/items/0"). At most `limit`.
    package func componentActions(limit: Int = 500) -> [(name: String, node: ActionNode)] {
        let base = root["$jason"] == nil ? JSONPointer.root : JSONPointer.root.appending("$jason")
        var places: [(JSON, JSONPointer, String)] = []
        if let body { places.append((body, base.appending("body"), "")) }
        for (name, template) in templates {
            places.append((template, base.appending("head").appending("templates").appending(name), name + " template "))
        }
        var found: [(name: String, node: ActionNode)] = []
        for (json, pointer, prefix) in places {
            var stack: [(JSON, JSONPointer, [String])] = [(json, pointer, [])]
            while let (node, at, trail) = stack.popLast(), found.count < limit {
                switch node {
                case .array(let items):
                    for (i, item) in items.enumerated().reversed() { stack.append((item, at.appending(i), trail + [String(i)])) }
                case .object(let members):
                    var name = "tap: " + prefix + Self.placeName(trail)
                    if case .string(let text)? = members["text"], !text.isEmpty { name += " (\(text))" }
                    if let action = members["action"] {
                        if let parsed = try? ActionNode.parse(action, at: at.appending("action"), locator: locator) {
                            found.append((name, parsed))
                        }
                    } else if let href = members["href"],
                              let parsed = try? ActionNode.parse(["type": "$href", "options": href], at: at.appending("href"),
                                                                 locator: locator) {
                        found.append((name, parsed))
                    }
                    for (key, value) in members.reversed() where key != "action" && key != "href" {
                        switch value {
                        case .object, .array: stack.append((value, at.appending(key), trail + [key]))
                        default: break
                        }
                    }
                default:
                    break
                }
            }
        }
        return found
    }

    private static func placeName(_ trail: [String]) -> String {
        switch trail {
        case ["header", "menu"]: "header menu"
        case []: "body"
        default: trail.joined(separator: "/")
        }
    }
}
