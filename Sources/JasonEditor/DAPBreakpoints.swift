import Foundation
import JasonJSON
import JasonDebugger
import JasonRuntime

/// `setBreakpoints`, `setFunctionBreakpoints`, `setExceptionBreakpoints`: each replaces the breakpoints
/// it set before, in the REPL's breakpoint list (so `info breakpoints` in the debug console shows them).
extension DebugAdapter {
    func setBreakpoints(_ request: DAPRequest) {
        let source = request.arguments["source"] ?? .object([:])
        let path = source["path"]?.stringValue ?? source["name"]?.stringValue ?? ""
        var wanted = request.arguments["breakpoints"]?.arrayValue ?? []
        if wanted.isEmpty, let lines = request.arguments["lines"]?.arrayValue { wanted = lines.map { ["line": $0] } }
        guard let debugger else {
            return channel.respond(to: request, body: ["breakpoints": .array(wanted.map { _ in
                Self.unverified("the program is not launched yet")
            })])
        }
        let session = debugger.session
        for id in sourceBreakpoints[path] ?? [] { _ = session.delete(id) }
        let document = debugger.document
        // A mixin file the document was assembled from takes breakpoints on its own lines.
        let mixinFile = document.mixinFile { Self.samePath(path, $0) }
        let sameFile = Self.samePath(path, document.fileName) || mixinFile != nil
        var results: [JSON] = []
        var ids: [Int] = []
        for item in wanted {
            guard case .int(let written)? = item["line"] else {
                results.append(Self.unverified("a breakpoint needs a line"))
                continue
            }
            let line = linesStartAt1 ? written : written + 1
            guard sameFile else {
                results.append(Self.unverified("jasonrun debugs \(document.fileName ?? "another file"), not this file"))
                continue
            }
            guard let action = document.action(forLine: line, in: mixinFile), let location = action.location else {
                results.append(Self.unverified("no action starts on or after line \(line)"))
                continue
            }
            let added = add(.pointer(action.pointer.description), item, debugger)
            switch added {
            case .failure(let problem): results.append(Self.unverified(problem.message))
            case .success(let breakpoint):
                ids.append(breakpoint.id)
                // A line inside the action's object stays where it was clicked; a line outside every
                // action moves to the next one.
                // Moved, it goes to the line of the action's `type` (or `trigger`), where a stop is shown.
                let moved = location.line > line
                let shown = action.location(ofKey: "type") ?? action.location(ofKey: "trigger") ?? location
                var result: JSONObject = [
                    "id": .int(breakpoint.id), "verified": true,
                    "line": .int(moved ? (linesStartAt1 ? shown.line : shown.line - 1) : written),
                    "source": sourceJSON(mixinFile ?? document.fileName),
                ]
                if location.line == line || moved {
                    let column = moved ? shown.column : location.column
                    result["column"] = .int(columnsStartAt1 ? column : column - 1)
                }
                if moved { result["message"] = .string("moved to line \(shown.line), where the next action starts") }
                results.append(.object(result))
            }
        }
        sourceBreakpoints[path] = ids
        channel.respond(to: request, body: ["breakpoints": .array(results)])
    }

    /// A function breakpoint names an action type (`$network.request`, `$util.*`, `trigger`) or a
    /// `head.actions` entry (`$load`, a lambda's name).
    func setFunctionBreakpoints(_ request: DAPRequest) {
        let wanted = request.arguments["breakpoints"]?.arrayValue ?? []
        guard let debugger else {
            return channel.respond(to: request, body: ["breakpoints": .array(wanted.map { _ in
                Self.unverified("the program is not launched yet")
            })])
        }
        for id in functionBreakpoints { _ = debugger.session.delete(id) }
        functionBreakpoints = []
        let document = debugger.document
        let results: [JSON] = wanted.map { item in
            let name = item["name"]?.stringValue ?? ""
            guard let target = Self.functionTarget(name, document: document) else {
                let names = document.actions.keys.sorted()
                let near = Suggestion.closest(to: name, among: names).map { "; did you mean \($0)?" } ?? ""
                return Self.unverified("'\(name)' is neither an action type ($…) nor a head.actions name" + near)
            }
            switch add(target, item, debugger) {
            case .failure(let problem): return Self.unverified(problem.message)
            case .success(let breakpoint):
                functionBreakpoints.append(breakpoint.id)
                return ["id": .int(breakpoint.id), "verified": true]
            }
        }
        channel.respond(to: request, body: ["breakpoints": .array(results)])
    }

    static func functionTarget(_ name: String, document: Document) -> Breakpoint.Target? {
        if document.actions[name] != nil { return .name(name) }
        if name.hasPrefix("$") || name.hasPrefix("@") || name.contains("*") || name == "trigger" { return .type(name) }
        return nil
    }

    /// `failed` stops at every failed action, `unhandled` at one without an error branch.
    func setExceptionBreakpoints(_ request: DAPRequest) {
        let filters = (request.arguments["filters"]?.arrayValue ?? []).compactMap(\.stringValue)
        guard let debugger else {
            return channel.respond(to: request, body: ["breakpoints": .array(filters.map { _ in
                Self.unverified("the program is not launched yet")
            })])
        }
        for id in exceptionBreakpoints { _ = debugger.session.delete(id) }
        exceptionBreakpoints = []
        let results: [JSON] = filters.map { filter in
            let target: Breakpoint.Target
            switch filter {
            case "failed": target = .error
            case "unhandled": target = .unhandledError
            default: return Self.unverified("no exception filter '\(filter)'; there are failed and unhandled")
            }
            let breakpoint = debugger.session.addBreakpoint(target, condition: nil)
            exceptionBreakpoints.append(breakpoint.id)
            return ["id": .int(breakpoint.id), "verified": true]
        }
        channel.respond(to: request, body: ["breakpoints": .array(results)])
    }

    /// Adds a breakpoint with the condition and hit condition of a DAP breakpoint; why not, when it
    /// could never stop the program.
    func add(_ target: Breakpoint.Target, _ item: JSON, _ debugger: Debugger) -> Result<Breakpoint, DAPBreakpointProblem> {
        let condition = item["condition"]?.stringValue.map(Evaluation.unwrap).flatMap { $0.isEmpty ? nil : $0 }
        var hits: HitCondition?
        if let text = item["hitCondition"]?.stringValue, !text.isEmpty {
            guard let parsed = HitCondition(text) else {
                return .failure(DAPBreakpointProblem(
                    "the hit condition '\(text)' is not a count: write 3, >= 3, == 3, > 3, < 3 or % 3"))
            }
            hits = parsed
        }
        if let problem = debugger.problem(with: target, condition: condition) { return .failure(DAPBreakpointProblem(problem)) }
        let session = debugger.session
        let breakpoint = session.addBreakpoint(target, condition: condition)
        if let hits { _ = session.update(breakpoint.id) { $0.hitCondition = hits } }
        if let message = item["logMessage"]?.stringValue, !message.isEmpty {
            _ = session.update(breakpoint.id) { $0.logMessage = message }
        }
        return .success(breakpoint)
    }

    static func unverified(_ message: String) -> JSON {
        ["verified": false, "message": .string(message)]
    }

    /// A DAP `Source` for a file the runtime names (a path, or a file:// URL).
    func sourceJSON(_ file: String?) -> JSON {
        guard let file else { return .object([:]) }
        let path = Self.filePath(file)
        return ["name": .string((path as NSString).lastPathComponent), "path": .string(path)]
    }

    static func filePath(_ file: String) -> String {
        if file.hasPrefix("file://"), let url = URL(string: file) { return url.path }
        return URL(fileURLWithPath: file).standardizedFileURL.path
    }

    static func samePath(_ a: String, _ b: String?) -> Bool {
        guard let b else { return false }
        return filePath(a) == filePath(b)
    }
}

struct DAPBreakpointProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
