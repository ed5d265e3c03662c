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
    package var actionSites: [ActionSite] {
        var sites: [ActionSite] = []
        var nodes: [(ActionNode, String?)] = actions.keys.sorted().compactMap { name in actions[name].map { ($0, name) } }
        if let bareAction { nodes.append((bareAction, nil)) }
        while let (node, entry) = nodes.popLast() {
            switch node {
            case .call(let call):
                sites.append(ActionSite(path: call.path, kind: .call(call.target, options: call.options,
                                                                    success: call.success != nil, error: call.error != nil),
                                        entry: entry))
                nodes += [call.success, call.error].compactMap { $0.map { ($0, entry) } }
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
