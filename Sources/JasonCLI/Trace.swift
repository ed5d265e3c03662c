import JasonJSON
import JasonRuntime
import JasonTemplate

public enum TraceFormat: String, Sendable, CaseIterable {
    case text, json
}

/// `--trace`: one line per action boundary on standard error, as text or as JSON lines.
final class TraceObserver: ExecutionObserver {
    let format: TraceFormat
    let io: any TerminalIO

    init(format: TraceFormat, io: any TerminalIO) {
        self.format = format
        self.io = io
    }

    func observe(_ event: ExecutionEvent) async {
        switch format {
        case .text: text(event).map { io.writeErr($0 + "\n") }
        case .json: io.writeErr(JSONPrinter.compact(json(event)) + "\n")
        }
    }

    func text(_ event: ExecutionEvent) -> String? {
        switch event {
        case .chainStarted(let origin):
            return "trace: chain \(origin)"
        case .willRun(let step):
            var line = "trace: \(indent(step))run   \(step.name)  \(step.path)"
            for d in step.templateDiagnostics {
                var place = d.file ?? "<input>"
                if let location = d.location { place += ":\(location)" }
                line += "\ntrace: \(indent(step))  template \(place) \(d.pointer): \(d.message)"
            }
            return line
        case .succeeded(let step, let jason):
            return "trace: \(indent(step))ok    \(step.name)  $jason=\(Self.brief(jason))"
        case .failed(let step, let payload):
            return "trace: \(indent(step))error \(step.name)  $jason=\(Self.brief(payload))"
        case .branchTaken:
            return nil
        case .chainEnded(.finished):
            return "trace: end"
        case .chainEnded(.failed(let diagnostic)):
            return "trace: end (failed: \(diagnostic.message))"
        case .chainEnded(.abandoned(let reason)):
            return "trace: end (abandoned: \(reason))"
        }
    }

    func json(_ event: ExecutionEvent) -> JSON {
        switch event {
        case .chainStarted(let origin):
            return ["event": "chain", "origin": .string(origin)]
        case .willRun(let step):
            var object = stepObject("run", step)
            object["options"] = step.options ?? .null
            object["template_diagnostics"] = .array(step.templateDiagnostics.map { d in
                var entry: JSONObject = ["pointer": .string(d.pointer.description), "expression": .string(d.expression),
                                         "offset": .int(d.offset), "message": .string(d.message)]
                if let file = d.file { entry["file"] = .string(file) }
                if let location = d.location {
                    entry["line"] = .int(location.line)
                    entry["column"] = .int(location.column)
                }
                return .object(entry)
            })
            return .object(object)
        case .succeeded(let step, let jason):
            var object = stepObject("success", step)
            object["jason"] = jason ?? .null
            object["jason_defined"] = .bool(jason != nil)
            return .object(object)
        case .failed(let step, let payload):
            var object = stepObject("error", step)
            object["jason"] = payload ?? .null
            return .object(object)
        case .branchTaken(let step, let branch):
            var object = stepObject("branch", step)
            object["branch"] = .string(branch.rawValue)
            return .object(object)
        case .chainEnded(.finished):
            return ["event": "end", "outcome": "finished"]
        case .chainEnded(.failed(let diagnostic)):
            return ["event": "end", "outcome": "failed", "id": .string(diagnostic.id.rawValue),
                    "message": .string(diagnostic.message)]
        case .chainEnded(.abandoned(let reason)):
            return ["event": "end", "outcome": "abandoned", "message": .string(reason)]
        }
    }

    func stepObject(_ event: String, _ step: ActionStep) -> JSONObject {
        var object: JSONObject = ["event": .string(event), "action": .string(step.name),
                                  "pointer": .string(step.path.pointer.description), "depth": .int(step.depth)]
        if let file = step.path.file { object["file"] = .string(file) }
        if let location = step.path.location {
            object["line"] = .int(location.line)
            object["column"] = .int(location.column)
        }
        return object
    }

    func indent(_ step: ActionStep) -> String { String(repeating: "  ", count: min(step.depth, 20)) }

    /// A value on one line, cut to 80 characters.
    static func brief(_ value: JSON?) -> String {
        guard let value else { return "undefined" }
        let text = JSONPrinter.compact(value)
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}
