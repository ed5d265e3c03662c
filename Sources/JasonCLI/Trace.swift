import JasonJSON
import JasonRuntime
import JasonTemplate
import Synchronization

package enum TraceFormat: String, Sendable, CaseIterable {
    case text, json
}

/// `--trace`: one line per action boundary, as text or as JSON lines, each numbered and stamped with the
/// interpreter's clock (virtual seconds unless --real-time), on standard error or in --trace-file.
final class TraceObserver: ImmediateObserver {
    let format: TraceFormat
    let write: @Sendable (String) -> Void
    let clock: any InterpreterClock
    private let sequence = Mutex(0)

    init(format: TraceFormat, clock: any InterpreterClock, write: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.clock = clock
        self.write = write
    }

    func observeNow(_ event: ExecutionEvent) {
        if case .branchTaken = event, format == .text { return }
        let number = sequence.withLock { n in n += 1; return n }
        switch format {
        case .text:
            text(event).map { write("trace: #\(number) @\(JSNumber.format(clock.now))s " + $0 + "\n") }
        case .json:
            guard case .object(var object) = json(event) else { return }
            object["seq"] = .int(number)
            object["time"] = .double(clock.now)
            write(JSONPrinter.compact(.object(object)) + "\n")
        }
    }

    /// The text of one event, after `trace: #N @Ts `.
    func text(_ event: ExecutionEvent) -> String? {
        switch event {
        case .chainStarted(let origin):
            return "chain \(origin)"
        case .willRun(let step):
            var line = "\(indent(step))run   \(step.name)  \(step.path)"
            for d in step.templateDiagnostics {
                var place = d.file ?? "<input>"
                if let location = d.location { place += ":\(location)" }
                line += "\ntrace:   \(indent(step))template \(place) \(d.pointer): \(d.message)"
            }
            return line
        case .succeeded(let step, let jason):
            return "\(indent(step))ok    \(step.name)  $jason=\(Self.brief(jason))"
        case .failed(let step, let payload):
            return "\(indent(step))error \(step.name)  $jason=\(Self.brief(payload))"
        case .branchTaken:
            return nil
        case .chainEnded(.finished):
            return "end"
        case .chainEnded(.failed(let diagnostic)):
            return "end (failed: \(diagnostic.message))"
        case .chainEnded(.abandoned(let reason)):
            return "end (abandoned: \(reason))"
        }
    }

    func json(_ event: ExecutionEvent) -> JSON {
        switch event {
        case .chainStarted(let origin):
            return ["event": "chain", "origin": .string(origin)]
        case .willRun(let step):
            var object = stepObject("run", step)
            object["options"] = step.options.map(Self.redacted) ?? .null
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
            object["jason"] = jason.map(Self.redacted) ?? .null
            object["jason_defined"] = .bool(jason != nil)
            return .object(object)
        case .failed(let step, let payload):
            var object = stepObject("error", step)
            object["jason"] = payload.map(Self.redacted) ?? .null
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

    /// A value as the trace shows it: credentials (Secrets: `Authorization`, `password`, `api_key`…)
    /// replaced, as recordings replace them, since traces end up in logs and bug reports.
    static func redacted(_ value: JSON) -> JSON { Secrets.redacting(value, note: "[redacted]") }

    /// A value on one line, cut to 80 characters.
    static func brief(_ value: JSON?) -> String {
        guard let value else { return "undefined" }
        let text = JSONPrinter.compact(redacted(value))
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}
