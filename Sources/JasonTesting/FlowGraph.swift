import JasonJSON
import JasonRuntime

/// A document's actions as a graph: what `jasonrun graph` draws.
package struct FlowGraph: Sendable {
    package enum Shape: Sendable {
        /// A `head.actions` entry (an event such as `$load`, or a named action).
        case entry
        case action, conditional, template
        /// Another document, opened by `$href`.
        case document
        /// A trigger whose name no `head.actions` entry has.
        case missing
        /// A body item the user can tap: its `action` or `href`.
        case tap
    }

    package struct Node: Sendable {
        package var id: String
        package var label: String
        package var shape: Shape
        /// Where the action is written, for coverage and tooltips.
        package var line: Int?
        /// False when coverage says it never ran; nil without coverage.
        package var ran: Bool?
    }

    package enum EdgeKind: Sendable, Equatable {
        case start, success, error
        /// A conditional's branch, with its condition (nil for `{{#else}}`).
        case branch(String?)
        case trigger, href
        /// A timer's action, with its interval in seconds.
        case timer(String)
    }

    package struct Edge: Sendable {
        package var from: String
        package var to: String
        package var kind: EdgeKind
        /// False when coverage says this way was never taken; nil without coverage.
        package var taken: Bool?
    }

    package var title: String
    package var nodes: [Node] = []
    package var edges: [Edge] = []
}

extension FlowGraph {
    /// The graph of `document`; with `coverage`, what never ran is marked.
    package init(_ document: Document, coverage: LcovData? = nil) {
        title = document.fileName ?? "flow"
        let taps = document.componentActions()
        let sites = document.actionSites(taps: taps)
        var ids: [JSONPointer: String] = [:]
        for (i, site) in sites.enumerated() { ids[site.pointer] = "n\(i)" }
        let entries = document.actions.keys.sorted()
        for (i, name) in entries.enumerated() {
            nodes.append(Node(id: "e\(i)", label: name, shape: .entry))
            if let root = document.actions[name], let target = ids[root.path.pointer] {
                edges.append(Edge(from: "e\(i)", to: target, kind: .start))
            }
        }
        // What taps start: an entry of its own, named by where the component sits.
        for (i, tap) in taps.enumerated() {
            nodes.append(Node(id: "p\(i)", label: tap.name, shape: .tap))
            if let target = ids[tap.node.path.pointer] { edges.append(Edge(from: "p\(i)", to: target, kind: .start)) }
        }
        func entryID(_ name: String) -> String {
            if let i = entries.firstIndex(of: name) { return "e\(i)" }
            let id = "m\(nodes.count)"
            nodes.append(Node(id: id, label: "trigger " + name + " (no such action)", shape: .missing))
            return id
        }
        var documents: [String: String] = [:]
        // Coverage counts each file's actions apart (a mixin file's are its own), in the order written.
        var blocksSoFar: [String: Int] = [:]
        for site in sites {
            let file = site.path.file ?? document.fileName ?? ""
            let block = blocksSoFar[file, default: 0]
            blocksSoFar[file] = block + 1
            let fileCoverage = coverage?.file(named: file)
            let id = ids[site.pointer]!
            let ran = fileCoverage.map { coverage in site.line.map { (coverage.lines[$0] ?? 0) > 0 } ?? true }
            func taken(_ branch: Int) -> Bool? {
                fileCoverage.map { ($0.branches[Pair(block, branch)] ?? 0) > 0 }
            }
            switch site.kind {
            case .call(let target, let options, let success, let error):
                nodes.append(Node(id: id, label: Coverage.label(site), shape: .action, line: site.line, ran: ran))
                var branch = 0
                if success, let next = Self.successor(of: site.pointer.appending("success"), ids) {
                    edges.append(Edge(from: id, to: next, kind: .success, taken: taken(branch)))
                }
                if success { branch += 1 }
                if error, let next = Self.successor(of: site.pointer.appending("error"), ids) {
                    edges.append(Edge(from: id, to: next, kind: .error, taken: taken(branch)))
                }
                for choice in Document.pickerChoices(target, options: options, at: site.pointer) {
                    if let next = ids[choice.pointer] {
                        edges.append(Edge(from: id, to: next, kind: .branch("choose " + choice.text)))
                    }
                }
                switch target {
                case .trigger(let name) where !name.hasTemplateMarker:
                    edges.append(Edge(from: id, to: entryID(name), kind: .trigger))
                case .type("$lambda"):
                    if case .string(let name)? = options?["name"], !name.hasTemplateMarker {
                        edges.append(Edge(from: id, to: entryID(name), kind: .trigger))
                    }
                case .type("$href"):
                    guard case .string(let url)? = options?["url"] else { break }
                    let doc = documents[url] ?? "d\(documents.count)"
                    if documents[url] == nil {
                        documents[url] = doc
                        nodes.append(Node(id: doc, label: url, shape: .document))
                    }
                    edges.append(Edge(from: id, to: doc, kind: .href))
                case .type("$timer.start"):
                    let every = options?["interval"].flatMap(\.doubleValue).map { JSNumber.format($0) + " s" } ?? "?"
                    let repeats = options?["repeats"] == .bool(true)
                    let label = (repeats ? "every " : "after ") + every
                    if case .string(let name)? = options?["action"]?["trigger"], !name.hasTemplateMarker {
                        edges.append(Edge(from: id, to: entryID(name), kind: .timer(label)))
                    } else if case .string(let type)? = options?["action"]?["type"] {
                        let timerID = "t\(nodes.count)"
                        nodes.append(Node(id: timerID, label: type, shape: .action))
                        edges.append(Edge(from: id, to: timerID, kind: .timer(label)))
                    }
                default: break
                }
            case .conditional(let branches):
                nodes.append(Node(id: id, label: "if", shape: .conditional, line: site.line, ran: ran))
                for (i, branch) in branches.enumerated() {
                    if let next = Self.successor(of: branch.pointer, ids) {
                        edges.append(Edge(from: id, to: next, kind: .branch(branch.condition), taken: taken(i)))
                    }
                }
            case .template(let text):
                nodes.append(Node(id: id, label: text, shape: .template, line: site.line, ran: ran))
            }
        }
    }

    static func successor(of pointer: JSONPointer, _ ids: [JSONPointer: String]) -> String? { ids[pointer] }
}
