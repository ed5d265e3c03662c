import Foundation
import JasonJSON

/// Code lenses: "▶ Run", "Explore every path" and "Debug" over the action a flow starts with, and
/// "▶ Run the tests" over a test file's cases; `workspace/executeCommand` carries out the first three
/// by running this very binary on the file (offline, nothing saved), so any client that shows lenses
/// runs them. Debug needs the editor's debug client: the VS Code extension registers it; other clients
/// are told how to start one.
extension LanguageServer {
    /// The commands the server carries out itself.
    static let commands = ["jasonrun.run", "jasonrun.explore", "jasonrun.test"]

    /// `textDocument/codeLens`.
    func codeLenses(in document: OpenDocument) -> JSON {
        guard let parsed = document.lastParsed, document.path != nil else { return [] }
        let uri = JSON.string(document.uri)
        func lens(at pointer: JSONPointer, _ title: String, _ command: String) -> JSON? {
            guard let value = parsed.sourceMap.offset(of: pointer), value <= document.lines.bytes.count else { return nil }
            let key = SourceMap.keyStart(beforeValueAt: value, in: document.lines.bytes) ?? value
            let end = key < value ? document.lines.stringEnd(from: key) : value
            return ["range": document.range(from: key, to: end),
                    "command": ["title": .string(title), "command": .string(command), "arguments": [uri]]]
        }
        if document.uri.hasSuffix(".test.json") {
            let count = parsed.value["cases"]?.arrayValue?.count ?? 0
            return .array([lens(at: JSONPointer("/cases"), "▶ Run the \(count) test\(count == 1 ? "" : "s")", "jasonrun.test")]
                .compactMap { $0 })
        }
        let actions = JSONPointer("/$jason/head/actions")
        let start = ["$load", "$show"].map { actions.appending($0) }.first { parsed.value.value(at: $0) != nil }
            ?? (parsed.value["$jason"] == nil && parsed.value["type"] != nil ? JSONPointer("/type") : nil)
        guard let start else { return [] }
        return .array([lens(at: start, "▶ Run", "jasonrun.run"), lens(at: start, "Explore every path", "jasonrun.explore"),
                        lens(at: start, "Debug", "jasonrun.debug")].compactMap { $0 })
    }

    /// `workspace/executeCommand`: the result, and what the user is shown.
    mutating func execute(_ params: JSON, id: JSON) -> [JSON] {
        let command = params["command"]?.stringValue ?? ""
        guard let uri = params["arguments"]?[0]?.stringValue, let url = URL(string: uri), url.isFileURL else {
            return [RPC.error(id: id, code: .invalidParams, message: "\(command) takes the document's file URI")]
        }
        let arguments: [String]
        switch command {
        case "jasonrun.run": arguments = [url.path, "--offline", "--no-persist", "--wall-limit", "30s"]
        case "jasonrun.explore": arguments = ["explore", url.path]
        case "jasonrun.test": arguments = ["test", url.path]
        case "jasonrun.debug":
            return [RPC.error(id: id, code: .invalidRequest, message: "Debug starts in your editor's debug client: "
                              + "a launch of type jasonrun with program \(url.path) (Docs/Editors.md, the debug adapter)")]
        default:
            return [RPC.error(id: id, code: .invalidParams, message: "no command \(command); the server runs "
                              + Self.commands.joined(separator: ", "))]
        }
        guard let runner = services.runner else {
            return [RPC.error(id: id, code: .internalError, message: "this server cannot run flows")]
        }
        // A run leaves its trace in a folder of the server's own, read back for the inlay hints.
        let trace = command == "jasonrun.run" ? Self.privateTraceFile() : nil
        let ran = runner(arguments + (trace.map { ["--trace", "json", "--trace-file", $0] } ?? []), url.deletingLastPathComponent().path)
        if let trace {
            let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: trace).deletingLastPathComponent().path)
            tracedRuns[uri] = TracedRun(trace: text, file: url.path)
        }
        let name = url.lastPathComponent
        // The line that sums it up: explore's first (how many paths), a run's or a test's last.
        let lines = ran.output.split(separator: "\n").map(String.init)
        let gist = (command == "jasonrun.explore" ? lines.first : lines.last) ?? ""
        let summary = "jasonrun \(command.dropFirst("jasonrun.".count)) \(name): exit \(ran.status)" + (gist.isEmpty ? "" : " — " + gist)
        return [RPC.notification("window/logMessage", ["type": 4, "message": .string("$ jasonrun \(arguments.joined(separator: " "))\n" + ran.output)]),
                RPC.notification("window/showMessage", ["type": .int(ran.status == 0 ? 3 : 2), "message": .string(summary)]),
                RPC.response(id: id, result: ["exit": .int(Int(ran.status)), "output": .string(ran.output)])]
    }

    /// A trace file's path in a new folder only this user may enter (mkdtemp: 0700), so no one else can
    /// put a link where the run writes.
    static func privateTraceFile() -> String? {
        var template = Array((NSTemporaryDirectory() + "jasonrun-lsp-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        return String(cString: made) + "/trace.jsonl"
    }
}
