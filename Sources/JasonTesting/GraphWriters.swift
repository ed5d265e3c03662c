/// FlowGraph as Graphviz DOT and as Mermaid. Success edges are solid, error edges dashed and red,
/// triggers and timers dotted to the entry they run, `$href` dotted to the document it opens; with
/// coverage, actions that never ran are filled pink and ways never taken drawn grey.
extension FlowGraph {
    package var dot: String {
        var out = "digraph flow {\n"
        out += "  graph [label=\(Self.dotString(title)), labelloc=t, fontname=\"Helvetica\", rankdir=TB];\n"
        out += "  node [fontname=\"Helvetica\", fontsize=11];\n  edge [fontname=\"Helvetica\", fontsize=9];\n"
        for node in nodes {
            var attributes = ["label=" + Self.dotString(node.label + (node.line.map { "\n:\($0)" } ?? ""))]
            switch node.shape {
            case .entry: attributes += ["shape=oval", "style=\"filled,bold\"", "fillcolor=\"#e8eefc\""]
            case .action: attributes += ["shape=box", "style=\"rounded,filled\"", "fillcolor=white"]
            case .conditional: attributes += ["shape=diamond", "style=filled", "fillcolor=\"#fff7d6\""]
            case .template: attributes += ["shape=note", "style=filled", "fillcolor=white"]
            case .document: attributes += ["shape=folder", "style=filled", "fillcolor=\"#eef7ee\""]
            case .missing: attributes += ["shape=box", "style=dashed", "color=red", "fontcolor=red"]
            case .tap: attributes += ["shape=oval", "style=dashed", "color=\"#3355aa\""]
            }
            if node.ran == false { attributes += ["fillcolor=\"#f8d7da\"", "color=\"#b02a37\""] }
            out += "  \(node.id) [\(attributes.joined(separator: ", "))];\n"
        }
        for edge in edges {
            var attributes: [String]
            switch edge.kind {
            case .start: attributes = ["color=\"#3355aa\""]
            case .success: attributes = ["label=\"success\"", "color=\"#2b7a2b\""]
            case .error: attributes = ["label=\"error\"", "style=dashed", "color=\"#c0392b\"", "fontcolor=\"#c0392b\""]
            case .branch(let condition): attributes = ["label=" + Self.dotString(condition ?? "else"), "color=\"#a07800\""]
            case .trigger: attributes = ["label=\"trigger\"", "style=dotted", "color=\"#555555\""]
            case .href: attributes = ["label=\"href\"", "style=dotted", "color=\"#2b7a2b\""]
            case .timer(let every): attributes = ["label=" + Self.dotString("timer " + every), "style=dotted", "color=\"#7a3db8\""]
            }
            if edge.taken == false { attributes += ["color=\"#bbbbbb\"", "fontcolor=\"#999999\"", "penwidth=1"] }
            out += "  \(edge.from) -> \(edge.to) [\(attributes.joined(separator: ", "))];\n"
        }
        return out + "}\n"
    }

    /// A DOT double-quoted string: quotes and backslashes escaped, line breaks as `\n`.
    static func dotString(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": break
            default: out.append(character)
            }
        }
        return out + "\""
    }

    package var mermaid: String {
        var out = "flowchart TD\n"
        for node in nodes {
            let label = Self.mermaidString(node.label + (node.line.map { " :\($0)" } ?? ""))
            switch node.shape {
            case .entry, .tap: out += "  \(node.id)([\(label)])\n"
            case .action, .missing: out += "  \(node.id)(\(label))\n"
            case .conditional: out += "  \(node.id){\(label)}\n"
            case .template: out += "  \(node.id)[/\(label)/]\n"
            case .document: out += "  \(node.id)[[\(label)]]\n"
            }
        }
        var styles: [String] = []
        for (i, edge) in edges.enumerated() {
            switch edge.kind {
            case .start: out += "  \(edge.from) --> \(edge.to)\n"
            case .success: out += "  \(edge.from) -->|success| \(edge.to)\n"
            case .error:
                out += "  \(edge.from) -.->|error| \(edge.to)\n"
                styles.append("  linkStyle \(i) stroke:#c0392b,color:#c0392b")
            case .branch(let condition): out += "  \(edge.from) -->|\(Self.mermaidString(condition ?? "else"))| \(edge.to)\n"
            case .trigger: out += "  \(edge.from) -.->|trigger| \(edge.to)\n"
            case .href: out += "  \(edge.from) -.->|href| \(edge.to)\n"
            case .timer(let every): out += "  \(edge.from) -.->|\(Self.mermaidString("timer " + every))| \(edge.to)\n"
            }
            if edge.taken == false { styles.append("  linkStyle \(i) stroke:#bbbbbb") }
        }
        out += styles.map { $0 + "\n" }.joined()
        let never = nodes.filter { $0.ran == false }.map(\.id)
        if !never.isEmpty {
            out += "  classDef never fill:#f8d7da,stroke:#b02a37\n  class \(never.joined(separator: ",")) never\n"
        }
        let missing = nodes.filter { $0.shape == .missing }.map(\.id)
        if !missing.isEmpty {
            out += "  classDef missing stroke:#c0392b,stroke-dasharray:4\n  class \(missing.joined(separator: ",")) missing\n"
        }
        return out
    }

    /// A Mermaid label in double quotes, with the characters Mermaid reads as syntax written as entities.
    static func mermaidString(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "#quot;"
            case "#": out += "#35;"
            case "\n": out += " "
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "|": out += "#124;"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
