/// The way down to the node a walk over a document has reached, as keys and indices; its JSON pointer
/// is made only when a finding needs one. Walks visit every node, and growing pointer text at each step
/// (escaping every key) cost more than the checks themselves. One array, pushed and popped: no
/// allocation per node.
package struct PointerTrail: Sendable {
    private enum Step {
        case key(String)
        case index(Int)
    }

    private var steps: [Step] = []

    package init() {}

    package mutating func push(_ key: String) { steps.append(.key(key)) }
    package mutating func push(_ index: Int) { steps.append(.index(index)) }
    package mutating func pop() { steps.removeLast() }

    package var pointer: JSONPointer {
        steps.reduce(JSONPointer.root) { pointer, step in
            switch step {
            case .key(let key): pointer.appending(key)
            case .index(let index): pointer.appending(index)
            }
        }
    }
}

extension JSON {
    /// Calls `visit` with every value of this one (itself first, then its members and elements in
    /// order, depth first) and the trail to it; the trail builds a pointer only when asked for one.
    package func forEachNode(_ visit: (JSON, PointerTrail) -> Void) {
        var trail = PointerTrail()
        forEachNode(at: &trail, visit)
    }

    private func forEachNode(at trail: inout PointerTrail, _ visit: (JSON, PointerTrail) -> Void) {
        visit(self, trail)
        switch self {
        case .object(let members):
            for (key, value) in members {
                trail.push(key)
                value.forEachNode(at: &trail, visit)
                trail.pop()
            }
        case .array(let items):
            for (i, item) in items.enumerated() {
                trail.push(i)
                item.forEachNode(at: &trail, visit)
                trail.pop()
            }
        default:
            break
        }
    }
}
