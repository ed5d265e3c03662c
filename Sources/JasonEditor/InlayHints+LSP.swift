import Foundation
import JasonJSON

/// Inlay hints: after the Run lens has run a flow, each `{{ }}` in the options of an action that ran
/// shows what it was filled in as the last time it ran (` = "Ada"`), from the run's trace. Edits keep the
/// hints until the next run, placed by pointer, so a hint never lands on text that moved.
extension LanguageServer {
    /// What the last run of a document filled in: the options of each action that ran, by its pointer.
    struct TracedRun {
        var options: [JSONPointer: JSON] = [:]

        /// The run events of a JSON trace (`--trace json`), the last one of each action kept.
        init(trace: String, file: String) {
            for line in trace.split(separator: "\n") {
                guard let event = try? JSONParser.parse(String(line)), event["event"] == "run",
                      event["file"]?.stringValue.map({ file.hasSuffix($0) }) ?? true,
                      case .string(let pointer)? = event["pointer"], let rendered = event["options"], !rendered.isNull else { continue }
                options[JSONPointer(pointer)] = rendered
            }
        }
    }

    /// `textDocument/inlayHint`: a hint after each template string of the options of an action that ran.
    func inlayHints(in document: OpenDocument) -> JSON {
        guard let run = tracedRuns[document.uri], let parsed = document.lastParsed else { return [] }
        var hints: [JSON] = []
        for (pointer, rendered) in run.options.sorted(by: { $0.key < $1.key }) {
            guard let action = parsed.value.value(at: pointer) else { continue }
            // A trigger's options are filled in as $lambda's {name, options}.
            let (written, shown) = action["trigger"] != nil ? (action["options"], rendered["options"]) : (action["options"], rendered)
            guard let written, let shown else { continue }
            written.forEachNode { value, trail in
                guard case .string(let text) = value, text.hasTemplateMarker,
                      let result = shown.value(at: trail.pointer),
                      let start = parsed.sourceMap.offset(of: pointer.appending("options").appending(trail.pointer)),
                      start < document.lines.bytes.count else { return }
                var label = JSONPrinter.compact(result)
                if label.count > 60 { label = String(label.prefix(59)) + "…" }
                hints.append(["position": OpenDocument.json(document.lines.position(ofOffset: document.lines.stringEnd(from: start))),
                              "label": .string(" = " + label), "kind": 2, "paddingLeft": true,
                              "tooltip": .string("what it rendered to when the flow last ran (the Run lens)")])
            }
        }
        return .array(hints)
    }
}

extension JSONPointer {
    /// This pointer followed by every token of `rest`.
    func appending(_ rest: JSONPointer) -> JSONPointer {
        rest.tokens.reduce(self) { $0.appending($1) }
    }
}
