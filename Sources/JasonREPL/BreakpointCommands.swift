import Foundation
import JasonDebugger
import JasonJSON
import JasonRuntime
import JasonScript

/// The commands that set, list and change breakpoints.
extension REPL {
    func addBreakpoint(_ argument: String, temporary: Bool = false) {
        var spec = argument
        var condition: String?
        if let range = argument.range(of: " if ") {
            spec = String(argument[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
            var written = Evaluation.unwrap(String(argument[range.upperBound...]).trimmingCharacters(in: .whitespaces))
            if written.hasPrefix("{{") { written.removeFirst(2) }   // an unclosed {{: the check below says why
            condition = written
        }
        guard !spec.isEmpty else { return listBreakpoints() }
        let target: Breakpoint.Target
        if let (file, line) = lineNumber(spec) {
            guard let path = debugger.document.action(forLine: line, in: file), let found = path.location?.line else {
                return write("error: no action starts on or after line \(line) of \(file ?? debugger.document.fileName ?? "the flow")\n")
            }
            if found > line { write("note: no action starts on line \(line); the breakpoint moves to line \(found)\n") }
            if found < line { write("note: line \(line) is inside the action that starts on line \(found); the breakpoint is on it\n") }
            target = .pointer(path.pointer.description)
        }
        else if let message = otherFile(spec) { return write(message) }
        else if spec == "error" { target = .error }
        else if spec == "unhandled" { target = .unhandledError }
        else if spec.hasPrefix("/") { target = .pointer(spec) }
        else if debugger.document.actions[spec] != nil { target = .name(spec) }
        else if spec.hasPrefix("$") || spec.hasPrefix("@") || spec.contains("*") || spec == "trigger" { target = .type(spec) }
        else {
            let near = Suggestion.closest(to: spec, among: debugger.document.actions.keys)
            return write("error: '\(spec)' is not an action type ($…), a head.actions name, a JSON pointer (/…), error or unhandled"
                         + (near.map { "; did you mean '\($0)'?" } ?? "") + "\n")
        }
        if let same = session.breakpoints.first(where: { $0.target == target && $0.condition == condition && $0.temporary == temporary }) {
            return write("note: breakpoint \(same.id) already stops there (\(Display.describe(same))); none added\n")
        }
        let breakpoint = session.addBreakpoint(target, condition: condition, temporary: temporary)
        write("breakpoint \(breakpoint.id): \(Display.describe(breakpoint))\n")
        if let warning = debugger.problem(with: target, condition: condition) { write("warning: \(warning)\n") }
    }

    /// `FILE:LINE`, `:LINE` or `LINE` naming a line of the loaded flow, or `FILE:LINE` of a mixin file it
    /// was assembled from (returned as that file's name); nil for anything else. FILE may be the file's
    /// name, or a path to it (absolute, relative or `./`), as editors and terminals copy it.
    func lineNumber(_ spec: String) -> (file: String?, line: Int)? {
        if let line = Int(spec), line >= 1, debugger.document.actions[spec] == nil { return (nil, line) }
        guard !spec.hasPrefix("$"), let colon = spec.lastIndex(of: ":"),
              let line = Int(spec[spec.index(after: colon)...]), line >= 1 else { return nil }
        let file = String(spec[..<colon])
        if file.isEmpty || Self.names(file, debugger.document.fileName ?? "") { return (nil, line) }
        return debugger.document.mixinFile { Self.names(file, $0) }.map { ($0, line) }
    }

    /// `FILE:LINE` whose FILE is a file, but not the loaded flow: a message saying so, not a pointer that never stops.
    func otherFile(_ spec: String) -> String? {
        guard let colon = spec.lastIndex(of: ":"), Int(spec[spec.index(after: colon)...]) != nil else { return nil }
        let file = String(spec[..<colon])
        guard file.hasSuffix(".json") || FileManager.default.fileExists(atPath: file) else { return nil }
        return "error: \(file) is not the loaded flow; FILE:LINE takes a line of \(debugger.document.fileName ?? "it") "
            + "(its name or path, or :LINE or LINE alone)\n"
    }

    /// Whether `written` names the file `loaded`: the same path once both are absolute, or its last
    /// components (`flow.json`, `sub/flow.json`).
    static func names(_ written: String, _ loaded: String) -> Bool {
        guard !loaded.isEmpty else { return false }
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        if absolute(written) == absolute(loaded) { return true }
        var tail = written
        while tail.hasPrefix("./") { tail.removeFirst(2) }
        return !tail.hasPrefix("/") && ("/" + absolute(loaded)).hasSuffix("/" + tail)
    }

    func listBreakpoints() {
        guard !session.breakpoints.isEmpty || !session.watches.isEmpty else { return write("no breakpoints\n") }
        var text = session.breakpoints.isEmpty ? "" : "breakpoints:\n"
            + session.breakpoints.map { "  \($0.id): \(Display.describe($0))\n" }.joined()
        if !session.watches.isEmpty {
            text += "watches:\n" + session.watches.map { "  \($0.id): \($0.expression) = \($0.last ?? "")\n" }.joined()
        }
        write(text)
    }

    func info(_ argument: String) {
        if !argument.isEmpty, "frame".hasPrefix(argument) {
            guard let frame = selectedFrame else { return write("not paused: there is no frame\n") }
            return write(Display.frame(frame, index: session.selectedFrame, selected: true)
                         + "  $jason: " + Self.jasonText(frame) + "\n")
        }
        guard "breakpoints".hasPrefix(argument) || argument == "watches" else {
            return write("error: expected info breakpoints or info frame\n")
        }
        listBreakpoints()
    }

    func delete(_ argument: String) {
        if argument.isEmpty || argument == "all" {
            session.deleteAll()
            return write("deleted all breakpoints and watches\n")
        }
        guard let id = Int(argument), session.delete(id) else { return noSuchBreakpoint("delete") }
        write("deleted \(id)\n")
    }

    func setEnabled(_ argument: String, _ enabled: Bool) {
        let id = argument.isEmpty || argument == "all" ? nil : Int(argument)
        guard id != nil || argument.isEmpty || argument == "all", session.update(id, { $0.enabled = enabled }) else {
            return noSuchBreakpoint(enabled ? "enable" : "disable")
        }
        write((enabled ? "enabled " : "disabled ") + (id.map { "\($0)" } ?? "all breakpoints") + "\n")
    }

    func ignore(_ argument: String) {
        let words = argument.split(separator: " ").compactMap { Int($0) }
        guard words.count == 2, words[1] >= 0 else { return write("error: expected ignore N COUNT\n") }
        guard session.update(words[0], { $0.ignoreCount = words[1] }) else { return noSuchBreakpoint("ignore") }
        write("breakpoint \(words[0]) passes its next \(words[1]) hit" + (words[1] == 1 ? "\n" : "s\n"))
    }

    func noSuchBreakpoint(_ command: String) {
        let ids = session.breakpoints.map { "\($0.id)" } + (command == "delete" ? session.watches.map { "\($0.id)" } : [])
        write("error: \(command) takes the number of a breakpoint" + (command == "delete" ? " or watch" : "") + "; "
              + (ids.isEmpty ? "there are none\n" : "they are: " + ids.joined(separator: ", ") + "\n"))
    }
}

extension REPL {
    /// `list`: the source around the paused action (marked), or around a line.
    func list(_ argument: String) {
        let document = debugger.document
        // The selected frame's action: the paused one, or where a caller called from after `up`.
        let current = selectedFrame.flatMap { frame in frame.path.file == document.fileName ? frame.path.location?.line : nil }
        guard let center = Int(argument) ?? current ?? document.actionPaths.first?.location?.line else {
            return write("nothing to list: the flow has no source\n")
        }
        let lines = document.sourceLines((center - 5)...(center + 5))
        guard !lines.isEmpty else { return write("nothing to list: the flow has no source\n") }
        let width = String(lines.last!.number).count
        write(lines.map { number, text in
            (number == current ? "→ " : "  ") + String(repeating: " ", count: width - String(number).count)
                + "\(number) | " + text + "\n"
        }.joined())
    }
}
