import JasonJSON
import JasonRuntime

/// The endings of an exploration, grouped: paths that end the same way at the same place are one line,
/// with how many they are and the route of the first.
package struct ExploreReport: Sendable {
    package struct Group: Sendable {
        package var ending: Ending
        package var count: Int
        /// The first path of the group (without what it printed).
        package var example: ExplorePath
    }

    package var flow: String
    package private(set) var groups: [Group] = []
    package var totals = ExploreTotals()

    package init(flow: String) { self.flow = flow }

    /// Counts one more path.
    package mutating func add(_ path: ExplorePath) {
        if let index = groups.firstIndex(where: { Self.sameEnd($0.ending, path.ending) }) {
            groups[index].count += 1
        } else {
            var example = path
            example.printed = []
            groups.append(Group(ending: path.ending, count: 1, example: example))
        }
    }

    /// Whether any path ends on an unhandled error.
    package var hasUnhandledError: Bool {
        groups.contains { if case .unhandledError = $0.ending { true } else { false } }
    }

    /// Whether a path ends on an unhandled error or never ends: the exit status is then 1 (a loop with no
    /// way out fails the phone as surely as an error does).
    package var failed: Bool {
        groups.contains { switch $0.ending { case .unhandledError, .stepLimit: true; default: false } }
    }

    static func sameEnd(_ a: Ending, _ b: Ending) -> Bool {
        guard a.kind == b.kind else { return false }
        guard let x = a.diagnostic, let y = b.diagnostic else { return true }
        return x.id == y.id && x.file == y.file && x.pointer == y.pointer && x.message == y.message
    }

    /// The groups worst first: unhandled errors, loops, lambdas that never return, then the ends that went well.
    var ordered: [Group] {
        let rank = ["unhandled-error": 0, "step-limit": 1, "never-returns": 2, "unanswered-request": 3, "finished": 4]
        return groups.enumerated().sorted { (rank[$0.element.ending.kind] ?? 5, $0.offset) < (rank[$1.element.ending.kind] ?? 5, $1.offset) }
            .map(\.element)
    }

    /// What the terminal shows.
    package var text: String {
        var lines: [String] = []
        let t = totals
        var head = "explored \(flow): \(Self.count(t.paths, "path")) through \(Self.count(t.forks, "fork"))"
        if t.merged > 0 { head += "; \(Self.count(t.merged, "path")) came back to a moment already explored and \(t.merged == 1 ? "was" : "were") followed once" }
        lines.append(head)
        for group in ordered {
            let paths = Self.count(group.count, "path")
            switch group.ending {
            case .finished:
                lines.append("  \(paths) end\(group.count == 1 ? "s" : "") normally")
            case .unhandledError(let d):
                lines.append("  \(paths) end\(group.count == 1 ? "s" : "") in an unhandled error at \(Self.place(d)): \(d.message)")
            case .neverReturns(let d):
                lines.append("  \(paths) end\(group.count == 1 ? "s" : "") with a caller waiting at \(Self.place(d)): \(d.message)")
            case .stepLimit(let d):
                lines.append("  \(paths) never end\(group.count == 1 ? "s" : "") (\(Self.place(d))): \(d.message)")
            case .unanswered(let d):
                lines.append("  \(paths) stop\(group.count == 1 ? "s" : "") at a request only a stub can answer, at \(Self.place(d)): \(d.message)")
            }
            if !group.example.choices.isEmpty || !group.example.events.isEmpty { lines.append("      e.g. " + group.example.route) }
        }
        if t.stoppedAtMaxPaths { lines.append("stopped at --max-paths \(t.paths): more paths remain (raise it to follow them)") }
        if t.cutAtDepth > 0 {
            lines.append("\(Self.count(t.cutAtDepth, "answer")) not followed past --max-depth (raise it to follow them)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same as one JSON document, for tools.
    package var json: JSON {
        let t = totals
        let endings: [JSON] = ordered.map { group in
            var entry: JSONObject = ["ending": .string(group.ending.kind), "paths": .int(group.count),
                                     "example": .array(group.example.choices.map(Self.json)), "route": .string(group.example.route)]
            if !group.example.events.isEmpty { entry["taps"] = .array(group.example.events.map { .string($0.description) }) }
            if let d = group.ending.diagnostic {
                entry["id"] = .string(d.id.rawValue)
                entry["message"] = .string(d.message)
                entry["file"] = d.file.map(JSON.string) ?? .null
                entry["line"] = d.location.map { .int($0.line) } ?? .null
                entry["column"] = d.location.map { .int($0.column) } ?? .null
                entry["pointer"] = d.pointer.map { .string($0.description) } ?? .null
            }
            return .object(entry)
        }
        return ["flow": .string(flow), "paths": .int(t.paths), "forks": .int(t.forks), "merged": .int(t.merged),
                "complete": .bool(!t.stoppedAtMaxPaths && t.cutAtDepth == 0), "unhandledErrors": .bool(hasUnhandledError),
                "endings": .array(endings)]
    }

    static func json(_ choice: Choice) -> JSON {
        ["type": .string(choice.type), "answer": .string(choice.label), "pointer": .string(choice.at.pointer.description),
         "line": choice.at.location.map { .int($0.line) } ?? .null]
    }

    static func place(_ d: Diagnostic) -> String {
        var place = d.file ?? "<input>"
        if let location = d.location { place += ":\(location)" }
        if let pointer = d.pointer { place += " " + (pointer.description.isEmpty ? "/" : pointer.description) }
        return place
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
