import JasonJSON

/// A JSON pointer made only when a finding needs it. Walks over every node hand one down per step, and
/// growing pointer text at each step (escaping every key) cost more than the checks themselves.
struct LazyPointer {
    private final class Step {
        let parent: Step?
        let key: String?
        let index: Int

        init(parent: Step?, key: String?, index: Int) {
            self.parent = parent
            self.key = key
            self.index = index
        }
    }

    private var last: Step?

    static var root: LazyPointer { LazyPointer() }

    func appending(_ key: String) -> LazyPointer {
        LazyPointer(last: Step(parent: last, key: key, index: 0))
    }

    func appending(_ index: Int) -> LazyPointer {
        LazyPointer(last: Step(parent: last, key: nil, index: index))
    }

    var pointer: JSONPointer {
        var steps: [Step] = []
        var step = last
        while let current = step {
            steps.append(current)
            step = current.parent
        }
        return steps.reversed().reduce(JSONPointer.root) { pointer, step in
            step.key.map { pointer.appending($0) } ?? pointer.appending(step.index)
        }
    }
}
