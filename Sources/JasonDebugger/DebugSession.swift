import JasonJSON
import JasonRuntime
import Synchronization

/// Why the debugger stopped.
package enum StopReason: Sendable, Equatable {
    case step
    case breakpoint(Int)
    case watch(Int, old: String, new: String)
    /// `break error`: the action failed; its error branch is next, when it has one (`handled`).
    case errorBranch(payload: JSON?, handled: Bool = true)
    case interrupted
    /// `back N` or a reverse continue that found no breakpoint: N actions backwards.
    case back(Int)
}

/// What a face sees after it lets the program go on.
package enum SessionEvent: Sendable {
    case paused(ActionStep, StopReason)
    /// Nothing is running, queued or due: the prompt is the user's again.
    case idle
    /// Still running: `yields` asked for control back; `proceed()` goes on.
    case yielded
}

/// The debugger's bookkeeping: how it is running, where it stopped, and the breakpoints and watches
/// that decide where it stops next. The stepping itself is the Debugger's, which drives the
/// interpreter from outside; nothing here runs inside the interpreter.
package final class DebugSession {
    package enum Mode: Sendable {
        case run
        case stepInto
        case stepOver(depth: Int)
        case finish(depth: Int)
        /// `until`: an action of `file` past `line` at `depth` or above, or (`anyDepth`) on or after `line`.
        case until(depth: Int, file: String?, line: Int, anyDepth: Bool)
    }

    package enum State: Sendable {
        case loaded, running, finished
        case paused(ActionStep, StopReason)
        /// Idle, and the last chain ended on an error.
        case failed(Diagnostic)
    }

    var mode = Mode.run
    package internal(set) var state = State.loaded {
        didSet { selectedFrame = 0 }
    }
    /// The frame `up`, `down` and `frame N` selected (0 is the innermost); every stop selects 0 again.
    package var selectedFrame = 0
    package internal(set) var breakpoints: [Breakpoint] = []
    package internal(set) var watches: [Watch] = []
    var nextID = 1
    /// Actions performed in this timeline.
    package internal(set) var steps = 0
    /// Whether a stop was asked for (the debugger's interruption).
    var isInterrupted: () -> Bool = { false }
    /// How conditions and watches are evaluated against the running program (set by the debugger).
    var evaluate: (String, ActionStep?) -> String = { _, _ in "" }
    /// What a logpoint's hit prints: its message rendered at the step (set by the debugger).
    var log: (String, ActionStep) -> Void = { _, _ in }

    /// Whether a failed action stops the program: a `break error` (or `break unhandled`, for an action
    /// failing without an error branch) whose condition (if any) holds,
    /// evaluated with the error payload as `$jason`.
    func stopsOnError(_ failed: ActionStep, handled: Bool) -> Bool {
        for (i, breakpoint) in breakpoints.enumerated() where breakpoint.enabled {
            guard breakpoint.target == .error || (breakpoint.target == .unhandledError && !handled) else { continue }
            if let condition = breakpoint.condition, !Self.holds(evaluate(condition, failed), condition) { continue }
            if hit(i) != nil { return true }
        }
        return false
    }

    static func holds(_ value: String, _ condition: String) -> Bool {
        !["", "false", "0", "null", "undefined", "\"\"", "NaN", "{{\(condition)}}"].contains(value)
    }

    /// Whether to stop before `step`, and why.
    func decide(_ step: ActionStep) -> StopReason? {
        if isInterrupted() { return .interrupted }
        switch mode {
        case .stepInto: return .step
        case .stepOver(let depth) where step.depth <= depth: return .step
        case .finish(let depth) where step.depth < depth: return .step
        case .until(let depth, let file, let line, let anyDepth):
            if step.depth < depth { return .step }
            if let at = step.path.location?.line, step.path.file == file,
               anyDepth ? at >= line : (step.depth == depth && at > line) { return .step }
        default: break
        }
        if let id = matchingBreakpoint(step) { return .breakpoint(id) }
        return changedWatch(step)
    }

    /// Whether some enabled breakpoint is aimed at `step` (before its condition and hit counts are looked at).
    func mayStop(at step: ActionStep) -> Bool {
        breakpoints.contains { $0.enabled && $0.matches(step) }
    }

    /// The first breakpoint that `step` hits, its condition (if any) holding. Going backwards does not
    /// count (`counting` false): hit counts, ignore counts and `tbreak` are about running forwards.
    func matchingBreakpoint(_ step: ActionStep, counting: Bool = true) -> Int? {
        for (i, breakpoint) in breakpoints.enumerated() where breakpoint.enabled && breakpoint.matches(step) {
            if let condition = breakpoint.condition, !Self.holds(evaluate(condition, step), condition) { continue }
            if !counting { return breakpoint.logMessage == nil ? breakpoint.id : nil }
            guard let id = hit(i) else { continue }
            if let message = breakpoint.logMessage {
                log(message, step)
                continue
            }
            return id
        }
        return nil
    }

    /// Counts a hit of breakpoint `i`; its id when it stops the program.
    func hit(_ i: Int) -> Int? {
        breakpoints[i].hits += 1
        if breakpoints[i].ignoreCount > 0 {
            breakpoints[i].ignoreCount -= 1
            return nil
        }
        if let condition = breakpoints[i].hitCondition, !condition.holds(breakpoints[i].hits) { return nil }
        let id = breakpoints[i].id
        if breakpoints[i].temporary { breakpoints.remove(at: i) }
        return id
    }

    /// A watch whose value differs from the last one seen stops the program (and remembers the new value).
    func changedWatch(_ step: ActionStep) -> StopReason? {
        for (i, watch) in watches.enumerated() {
            let value = evaluate(watch.expression, step)
            guard value != watch.last else { continue }
            watches[i].last = value
            return .watch(watch.id, old: watch.last ?? "", new: value)
        }
        return nil
    }

    /// Refreshes every watch's remembered value, so that only later changes stop the program.
    package func settleWatches(_ step: ActionStep?) {
        for i in watches.indices { watches[i].last = evaluate(watches[i].expression, step) }
    }

    package func setMode(_ mode: Mode) { self.mode = mode }

    /// Forgets the run (for `load`); breakpoints and watches stay.
    func reset() {
        steps = 0
        mode = .run
        state = .loaded
    }

    package func addBreakpoint(_ target: Breakpoint.Target, condition: String?, temporary: Bool = false) -> Breakpoint {
        let breakpoint = Breakpoint(id: nextID, target: target, condition: condition, temporary: temporary)
        nextID += 1
        breakpoints.append(breakpoint)
        return breakpoint
    }

    package func addWatch(_ expression: String, value: String) -> Watch {
        let watch = Watch(id: nextID, expression: expression, last: value)
        nextID += 1
        watches.append(watch)
        return watch
    }

    /// Changes breakpoint `id`, or every one when nil; false when there is no such breakpoint.
    package func update(_ id: Int?, _ change: (inout Breakpoint) -> Void) -> Bool {
        var found = false
        for i in breakpoints.indices where id == nil || breakpoints[i].id == id {
            change(&breakpoints[i])
            found = true
        }
        return found || (id == nil)
    }

    /// Removes every breakpoint and watch.
    package func deleteAll() {
        breakpoints = []
        watches = []
    }

    /// Removes a breakpoint or watch by number.
    package func delete(_ id: Int) -> Bool {
        let before = breakpoints.count + watches.count
        breakpoints.removeAll { $0.id == id }
        watches.removeAll { $0.id == id }
        return breakpoints.count + watches.count < before
    }
}

