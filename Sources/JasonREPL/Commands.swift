/// The REPL's commands (DESIGN §5), with their help. Any unique prefix names a command; a few
/// one-letter aliases follow pdb and lldb.
enum Command: String, CaseIterable {
    case run, trigger, step, next, finish, until, `continue`, back, reverseContinue = "reverse-continue", `break`, tbreak
    case delete, disable, enable, ignore, info, set, watch, print, vars, stack, up, down, frame, `where`, list
    case clock, advance, timers, views, load, help, quit

    static let aliases: [String: Command] = ["s": .step, "n": .next, "c": .continue, "b": .break, "p": .print,
                                             "q": .quit, "r": .run, "bt": .stack, "backtrace": .stack, "exit": .quit, "f": .frame,
                                             "rc": .reverseContinue, "u": .until]

    /// Commands an empty line repeats.
    var repeats: Bool { [.step, .next, .finish, .until, .continue, .back, .reverseContinue].contains(self) }

    enum Lookup: Equatable {
        case found(Command)
        case ambiguous([String])
        case unknown
    }

    static func lookup(_ word: String) -> Lookup {
        if let alias = aliases[word] { return .found(alias) }
        let hits = allCases.filter { $0.rawValue.hasPrefix(word) }
        if let exact = hits.first(where: { $0.rawValue == word }) { return .found(exact) }
        switch hits.count {
        case 0: return .unknown
        case 1: return .found(hits[0])
        default: return .ambiguous(hits.map(\.rawValue))
        }
    }

    var usage: String {
        switch self {
        case .run: "run [EVENT]"
        case .trigger: "trigger NAME [JSON]"
        case .break: "break TYPE|NAME|POINTER|FILE:LINE|LINE|error|unhandled [if {{condition}}]"
        case .back: "back [N]"
        case .tbreak: "tbreak TYPE|NAME|POINTER|FILE:LINE|LINE|error|unhandled [if {{condition}}]"
        case .list: "list [LINE]"
        case .until: "until [LINE]"
        case .help: "help [COMMAND|ACTION]"
        case .delete: "delete [N]"
        case .disable: "disable [N]"
        case .enable: "enable [N]"
        case .ignore: "ignore N COUNT"
        case .info: "info breakpoints|frame"
        case .set: "set $get.PATH|$global.PATH|$cache.PATH = VALUE"
        case .watch: "watch EXPR"
        case .print: "print EXPR"
        case .advance: "advance DURATION"
        case .load: "load FILE"
        case .up: "up [N]"
        case .down: "down [N]"
        case .frame: "frame N"
        default: rawValue
        }
    }

    var summary: String {
        switch self {
        case .run: "run what is queued (the document's $load at first), or the named event of head.actions"
        case .trigger: "run head.actions[NAME], with JSON as its $jason"
        case .step: "run to the next action, into a triggered one"
        case .next: "run over the current action (and what it triggers) to the next one at this depth"
        case .finish: "run until the current lambda returns"
        case .until: "as next, but past a loop: run to an action on a later line at this depth (u); until LINE runs to the first action on or after LINE; either stops when the lambda returns"
        case .continue: "run until a breakpoint, a watch change, or the end"
        case .back: "go N actions (default 1) backwards: variables, stores, frames, timers and clock exactly as they were"
        case .reverseContinue: "go backwards to the last stop at a breakpoint (rc), or to the first action"
        case .break: "stop before matching actions: a type ($network.* patterns work), a head.actions name, a JSON pointer, the action on a line of the flow, error (an action failed: its error branch is next), or unhandled (an action failed that has no error branch)"
        case .list: "show the flow's source around the current action (→; the selected frame's, after up), or around LINE"
        case .tbreak: "as break, for one stop only"
        case .delete: "remove breakpoint or watch N, or all of them"
        case .disable: "keep breakpoint N (or all) but do not stop there"
        case .enable: "stop at breakpoint N (or all) again"
        case .ignore: "pass breakpoint N the next COUNT times it is hit"
        case .info: "list breakpoints and watches with their hit counts; info frame: the selected frame and its $jason"
        case .set: "change a variable at a stop: VALUE is JSON or {{expr}} (the recorded future is then forgotten)"
        case .watch: "show EXPR at every stop, and stop when its value changes"
        case .print: "evaluate a template expression ({{ }} optional) against the current state"
        case .vars: "show $jason, $get, $params, $global, $cache and the view data"
        case .stack: "show the lambda frames that led here, innermost first (bt, backtrace)"
        case .up: "select the frame N (default 1) callers out: print and vars then see the $jason its caller had"
        case .down: "select the frame N (default 1) back in, towards the paused action"
        case .frame: "select frame N of stack (0 is the paused action's)"
        case .where: "show the current action's JSON and file:line:column (the selected frame's, after up)"
        case .clock: "show the virtual clock"
        case .advance: "let time pass (90, 90s, 1500ms, 2m) and run the timers that fall due"
        case .timers: "list pending timers"
        case .views: "list the view stack, the one on screen last"
        case .load: "load another document (breakpoints and watches stay)"
        case .help: "list commands, or explain one, or what an action takes and does"
        case .quit: "leave the REPL"
        }
    }

    static var helpText: String {
        let width = allCases.map(\.usage.count).max() ?? 0
        let lines = allCases.map { "  " + $0.usage.padding(width) + "  " + $0.summary }
        return (["Commands (any unique prefix works; an empty line repeats the last step, next, finish, continue, back or reverse-continue, even after a print):"]
            + lines
            + ["  {…}" .padding(width + 2) + "  run a typed action (continues over lines until the braces balance)",
               "  {{expr}}".padding(width + 2) + "  evaluate an expression, as print"]).joined(separator: "\n")
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
