import JasonDebugger
import JasonJSON
import JasonRuntime

/// `backtrace`, `up`, `down` and `frame N`: the lambda frames of the paused chain, and which one
/// `print`, `vars` and `{{ }}` see (its `$jason`: what the caller had when it called).
extension REPL {
    var frames: [CallFrame] { debugger.frames }
    var selectedFrame: CallFrame? { debugger.selectedFrame }

    func moveFrame(_ command: Command, _ argument: String) {
        let stack = frames
        guard !stack.isEmpty else { return write("not paused: there are no frames\n") }
        let current = min(session.selectedFrame, stack.count - 1)
        let target: Int
        switch command {
        case .up, .down:
            guard let count = argument.isEmpty ? 1 : Int(argument), count >= 1 else {
                return write("error: expected \(command.usage)\n")
            }
            target = command == .up ? current + count : current - count
        default:
            guard let index = Int(argument) else { return write("error: expected frame N (0 to \(stack.count - 1))\n") }
            target = index
        }
        guard stack.indices.contains(target) else {
            let edge = target < 0 ? "the innermost frame (#0)" : "the outermost frame (#\(stack.count - 1))"
            return write("error: " + (current == (target < 0 ? 0 : stack.count - 1) ? "already at " + edge
                                       : "no frame #\(target); frames go from #0 to #\(stack.count - 1)") + "\n")
        }
        session.selectedFrame = target
        write(Display.frame(stack[target], index: target, selected: true))
        write("  $jason: " + Self.jasonText(stack[target]) + "\n")
    }

    static func jasonText(_ frame: CallFrame) -> String {
        guard frame.jasonKnown else { return "(not kept: the chain was resumed after its view closed)" }
        return frame.jason.map(JSONPrinter.compact) ?? "undefined"
    }
}

extension Display {
    /// `backtrace`: every frame, innermost first, the selected one marked.
    static func stack(_ frames: [CallFrame], selected: Int) -> String {
        guard !frames.isEmpty else { return "not paused: there is no stack\n" }
        return frames.enumerated().map { frame(frames[$0.offset], index: $0.offset, selected: $0.offset == selected) }
            .joined()
    }

    static func frame(_ frame: CallFrame, index: Int, selected: Bool) -> String {
        (selected ? "* " : "  ") + "#\(index) in \(frame.name): \(frame.action)  \(frame.path)\n"
    }
}
