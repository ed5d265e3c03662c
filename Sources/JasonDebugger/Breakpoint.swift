import JasonJSON
import JasonRuntime

/// Where to stop: an action type (with `*` patterns), a `head.actions` name, a JSON pointer, or any error.
package struct Breakpoint: Sendable, Equatable {
    package enum Target: Sendable, Equatable {
        case type(String)
        case name(String)
        case pointer(String)
        case error
        /// An action failed and has no error branch.
        case unhandledError
    }

    package var id: Int
    package var target: Target
    package var condition: String?
    package var enabled = true
    /// `tbreak`: removed at its first stop.
    package var temporary = false
    /// How often it was hit (its condition holding), and how many more hits pass without stopping.
    package var hits = 0
    package var ignoreCount = 0
    /// A debug adapter's hit condition (`3`, `>= 3`, `% 2`): hits that do not meet it pass.
    package var hitCondition: HitCondition?
    /// A logpoint's message (a template): a hit prints it rendered and the program goes on.
    package var logMessage: String?

    /// A logpoint's message as a template: DAP writes `{expr}`, templates `{{expr}}`; a message that
    /// already holds `{{` is taken as written.
    static func template(_ message: String) -> String {
        guard !message.hasTemplateMarker else { return message }
        return message.map { $0 == "{" ? "{{" : $0 == "}" ? "}}" : String($0) }.joined()
    }

    init(id: Int, target: Target, condition: String?, temporary: Bool = false) {
        self.id = id
        self.target = target
        self.condition = condition
        self.temporary = temporary
    }

    func matches(_ step: ActionStep) -> Bool {
        switch target {
        case .type("trigger"):
            if case .trigger = step.target { return true }
            return false
        case .type(let pattern): return Glob.matches(pattern, step.name)
        case .name(let name): return Self.at(step, "/$jason/head/actions/" + JSONPointer.escape(name))
        case .pointer(let pointer): return Self.at(step, pointer)
        case .error, .unhandledError: return false
        }
    }

    /// The action was written at `pointer`, or was the first one chosen from the entry written there.
    static func at(_ step: ActionStep, _ pointer: String) -> Bool {
        step.path.pointer.description == pointer || step.entry?.pointer.description == pointer
    }
}

package struct Watch: Sendable, Equatable {
    package var id: Int
    package var expression: String
    package var last: String?
}
