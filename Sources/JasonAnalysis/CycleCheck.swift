import JasonJSON
import JasonRuntime

extension Pass {
    /// Actions that finish at once and never fail on their own: a chain of them goes straight on.
    static let immediateTypes: Set<String> = ["$set", "$global.set", "$global.reset", "$cache.set", "$cache.reset",
                                              "$util.toast", "$render", "$log.debug", "$log.info", "$log.warn", "$log.error"]

    /// Named actions that call each other round for ever: each chain on the way reaches its call through
    /// actions that finish at once, with no conditional, nothing that waits and no `$return`, so a run
    /// can only stop at the step limit.
    mutating func triggerCycles(_ next: [String: (callee: String, at: JSONPointer)]) {
        // Each name calls at most one other, so every walk ends at a name without a call, at one an
        // earlier walk went through (whose loop, if any, is reported), or back on itself: a loop.
        var walked = Set<String>()
        for start in next.keys.sorted() where !walked.contains(start) {
            var path: [String] = []
            var onPath: [String: Int] = [:]
            var current = start
            while let step = next[current], onPath[current] == nil, !walked.contains(current) {
                onPath[current] = path.count
                path.append(current)
                current = step.callee
            }
            walked.formUnion(path)
            guard let loopStart = onPath[current] else { continue }
            let loop = Array(path[loopStart...])
            guard let first = loop.min(), let site = next[first] else { continue }
            let rotated = Array(loop[loop.firstIndex(of: first)!...] + loop[..<loop.firstIndex(of: first)!])
            let round = (rotated + [first]).map { "'\($0)'" }.joined(separator: " → ")
            report(.triggerCycle, .warning,
                   "\(round) calls round for ever: no conditional, no action that waits and no $return on the way, "
                   + "so a run stops at the step limit", at: site.at)
        }
    }

    /// The name each named action always calls, by name (`unconditionalCall`).
    func unconditionalCalls() -> [String: (callee: String, at: JSONPointer)] {
        guard case .object(let actions)? = root.value(at: Self.actionsPointer) else { return [:] }
        var next: [String: (callee: String, at: JSONPointer)] = [:]
        for (name, action) in actions {
            if let call = Self.unconditionalCall(action, at: Self.actionsPointer.appending(name)) { next[name] = call }
        }
        return next
    }

    /// The name a chain always calls, and where: following `success` through immediate actions to a
    /// `trigger` (or `$lambda`) of a written name.
    static func unconditionalCall(_ action: JSON, at pointer: JSONPointer) -> (callee: String, at: JSONPointer)? {
        var (node, at) = (action, pointer)
        for _ in 0..<1_000 {
            guard case .object(let members) = node else { return nil }
            if case .string(let name)? = members["trigger"] {
                return name.hasTemplateMarker ? nil : (name, at.appending("trigger"))
            }
            guard case .string(let type)? = members["type"] else { return nil }
            if type == "$lambda" {
                guard case .string(let name)? = members["options"]?["name"], !name.hasTemplateMarker else { return nil }
                return (name, at.appending("options").appending("name"))
            }
            guard immediateTypes.contains(type), let success = members["success"] else { return nil }
            (node, at) = (success, at.appending("success"))
        }
        return nil
    }
}
