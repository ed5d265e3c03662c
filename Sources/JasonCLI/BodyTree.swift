import ArgumentParser
import JasonJSON

/// How `$render` shows a body: the JSON, an outline of its components, or nothing.
public enum RenderMode: String, Sendable, CaseIterable, ExpressibleByArgument {
    case json, tree, none
}

/// A rendered body as an outline: one line per component (its type and what it shows), nested the way
/// the view nests them (header, sections and their items, layers, footer, components).
enum BodyTree {
    static let containers = ["header", "sections", "items", "components", "layers", "footer", "tabs"]
    static let shown = ["text", "title", "url", "placeholder", "value", "name", "badge"]

    static func lines(_ body: JSON) -> [String] {
        var out = ["body"]
        walk(body, prefix: "", into: &out)
        return out
    }

    static func walk(_ node: JSON, prefix: String, into out: inout [String]) {
        let children = childNodes(node)
        for (i, child) in children.enumerated() {
            let last = i == children.count - 1
            out.append(prefix + (last ? "└─ " : "├─ ") + label(child.name, child.node))
            walk(child.node, prefix: prefix + (last ? "   " : "│  "), into: &out)
        }
    }

    static func childNodes(_ node: JSON) -> [(name: String, node: JSON)] {
        switch node {
        case .object(let members):
            return containers.compactMap { key in members[key].map { (key, $0) } }.flatMap { key, value in
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

    static func label(_ name: String, _ node: JSON) -> String {
        guard case .object(let members) = node else { return name + ": " + node.description }
        var text = members["type"]?.stringValue ?? name
        for key in shown {
            if let value = members[key], !(value.objectValue != nil || value.arrayValue != nil) {
                text += " " + key + "=" + value.description
            }
        }
        return text
    }
}
