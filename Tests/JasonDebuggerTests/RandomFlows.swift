import JasonJSON
import TestSupport

/// Flows made at random from a seed: chains of the actions whose effects a snapshot must restore
/// (variables, `$global`, `$cache`, timers, device answers, lambdas, failures that are reported,
/// restarts), deterministic otherwise (no `Math.random`, no wall clock).
struct RandomFlows {
    private var random: SplitMix

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    mutating func document() -> JSON {
        var actions: JSONObject = [:]
        actions["$load"] = chain(depth: 0)
        actions["tick"] = ["type": "$set", "options": ["ticks": "{{($get.ticks || 0) + 1}}"],
                           "success": chain(depth: 2)]
        actions["sub"] = ["type": "$set", "options": ["inSub": true],
                          "success": pick([["type": "$return.success", "options": ["from": "sub"]],
                                           ["type": "$return.error", "options": ["message": "sub failed"]]])]
        return ["$jason": ["head": ["title": "random", "data": ["start": 1], "actions": .object(actions)]]]
    }

    /// A chain of a few actions, each with a branch or two.
    mutating func chain(depth: Int) -> JSON {
        var action = step()
        guard depth < 5 else { return action }
        if case .object(var members) = action {
            if int(3) > 0 { members["success"] = chain(depth: depth + 1) }
            if int(3) == 0 { members["error"] = chain(depth: depth + 1) }
            action = .object(members)
        }
        return action
    }

    mutating func step() -> JSON {
        let key = "k\(int(3))"
        switch int(14) {
        case 0: return ["type": "$set", "options": .object([key: .string("{{($get.\(key) || 0) + 1}}")])]
        case 1: return ["type": "$global.set", "options": ["g": "{{($global.g || 0) + 1}}"]]
        case 2: return ["type": "$cache.set", "options": ["c": .string("{{$get.\(key) || 'none'}}")]]
        case 3: return ["type": "$geo.get"]
        case 4: return ["type": "$util.toast", "options": ["text": .string("{{$get.\(key)}} {{JSON.stringify($jason)}}")]]
        case 5:
            return ["type": "$timer.start", "options": ["name": .string("t\(int(2))"), "interval": .int(1 + int(5)),
                                                        "repeats": .bool(int(2) == 0), "action": ["trigger": "tick"]]]
        case 6: return ["type": "$timer.stop", "options": ["name": .string("t\(int(2))")]]
        case 7: return ["trigger": "sub"]
        case 8: return ["type": "$no.such"]
        case 9:
            return [.object(["{{#if ($get.\(key) || 0) > 1}}": ["type": "$set", "options": ["big": true]]]),
                    ["{{#else}}": ["type": "$util.toast", "options": ["text": "small"]]]]
        case 10: return ["type": "$util.alert", "options": ["title": "Who?", "form": [["name": "who"]]]]
        case 11: return ["type": "$global.reset", "options": ["items": ["g"]]]
        case 12: return ["type": "$util.toast", "options": ["text": "{{$get.nothing.deeper}}"]]
        default: return ["type": "$set", "options": ["seen": "{{$jason}}"]]
        }
    }

    mutating func int(_ below: Int) -> Int { Int(random.next() % UInt64(below)) }

    mutating func pick(_ options: [JSON]) -> JSON { options[int(options.count)] }
}
