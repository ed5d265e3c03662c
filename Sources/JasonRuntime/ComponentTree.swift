import JasonJSON

/// A rendered body as an outline (`--render tree`): one line per component, its type, what its renderer
/// says about it and its style, nested as the view nests them (header, sections and their items,
/// layers, footer, components of layouts).
public struct ComponentTree: Sendable {
    static let containers = ["header", "sections", "items", "components", "layers", "footer", "tabs"]

    package var components: ComponentRegistry

    public init(components: ComponentRegistry = .standard) {
        self.components = components
    }

    public func lines(_ body: JSON) -> [String] {
        var out = ["body"]
        walk(body, prefix: "", into: &out)
        return out
    }

    func walk(_ node: JSON, prefix: String, into out: inout [String]) {
        let children = childNodes(node)
        for (i, child) in children.enumerated() {
            let last = i == children.count - 1
            out.append(prefix + (last ? "└─ " : "├─ ") + label(child.name, child.node))
            walk(child.node, prefix: prefix + (last ? "   " : "│  "), into: &out)
        }
    }

    func childNodes(_ node: JSON) -> [(name: String, node: JSON)] {
        switch node {
        case .object(let members):
            return Self.containers.compactMap { key in members[key].map { (key, $0) } }.flatMap { key, value in
                if case .array(let elements) = value {
                    return elements.enumerated().map { ("\(key)[\($0.offset)]", $0.element) }
                }
                return [(key, value)]
            }
        case .array(let elements):
            return elements.enumerated().map { ("[\($0.offset)]", $0.element) }
        default:
            return []
        }
    }

    func label(_ name: String, _ node: JSON) -> String {
        guard case .object(let members) = node else { return name + ": " + node.description }
        guard let type = members["type"]?.stringValue else {
            return [name, Self.fallback(members)].filter { !$0.isEmpty }.joined(separator: " ")
        }
        let text = components.describer(for: type)?.describe(members) ?? Self.fallback(members)
        let marks = (members["action"] != nil ? " ▸action" : "") + (members["href"] != nil ? " ▸href" : "")
        return [type, text, Stylize.describe(members)].filter { !$0.isEmpty }.joined(separator: " ") + marks
    }

    /// What a component without a renderer shows: its common fields.
    static func fallback(_ members: JSONObject) -> String {
        ["text", "title", "url", "name", "value"].compactMap { key in
            members[key].flatMap { $0.objectValue == nil && $0.arrayValue == nil ? key + "=" + ComponentRegistry.plain($0) : nil }
        }.joined(separator: " ")
    }
}
