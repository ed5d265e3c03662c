import Foundation
import JasonAnalysis
import JasonJSON
import JasonRuntime

/// `jasonrun lsp`: a language server (LSP 3.17) over stdio. Diagnostics come from `Analyzer`, the same
/// analysis as `jasonrun check`; completion and hover from the action declarations.
package struct LanguageServer {
    /// What the server is handed by the command that starts it.
    package struct Services: Sendable {
        package var analyzer: Analyzer
        /// The reference of one action type, as `jasonrun help TYPE` prints it.
        package var reference: @Sendable (String) -> String?
        package var version: String
        /// Runs this binary with arguments, from a folder, for the code lenses' commands: its exit status
        /// and what it printed (both streams). Nil: the lenses' commands are refused.
        package var runner: (@Sendable (_ arguments: [String], _ folder: String) -> (status: Int32, output: String))?

        package init(analyzer: Analyzer, reference: @escaping @Sendable (String) -> String?, version: String,
                     runner: (@Sendable ([String], String) -> (status: Int32, output: String))? = nil) {
            self.analyzer = analyzer
            self.reference = reference
            self.version = version
            self.runner = runner
        }
    }

    enum State {
        case starting, running, shuttingDown
    }

    let services: Services
    var state = State.starting
    var documents: [String: OpenDocument] = [:]
    /// Documents changed since their last analysis. A change is analysed once no more input waits, so a
    /// burst of keystrokes costs one analysis, of the newest text, not one per keystroke.
    var stale: Set<String> = []
    /// What the last Run lens rendered, by document (the inlay hints show it).
    var tracedRuns: [String: TracedRun] = [:]

    package init(services: Services) {
        var services = services
        // The server checks each open file at every edit: unchanged head.actions entries are not judged again.
        if services.analyzer.entryMemo == nil { services.analyzer.entryMemo = EntryMemo() }
        self.services = services
    }

    /// Serves until `exit` (0 after `shutdown`, 1 without) or until the client goes away (0); throws when
    /// the input stops being framed messages.
    package mutating func run(input: Int32 = 0, output: Int32 = 1) throws(FramingError) -> Int32 {
        var reader = MessageReader(fileDescriptor: input)
        let writer = MessageWriter(fileDescriptor: output)
        while true {
            let body: [UInt8]
            guard let next = try reader.next() else { return 0 }  // a framing error: it cannot be resynchronised
            body = next
            let message: RPC.Incoming
            switch RPC.decode(body) {
            case .success(let incoming): message = incoming
            case .failure(let problem):
                if problem.code == .parseError || problem.id != nil {
                    guard send(RPC.error(id: problem.id, code: problem.code, message: problem.message), writer) else { return 0 }
                }
                continue
            }
            if message.method == "exit" { return state == .shuttingDown ? 0 : 1 }
            // A request about a changed document sees it analysed (completion reads the parsed text).
            if message.id != nil, let uri = message.params["textDocument"]?["uri"]?.stringValue, stale.contains(uri) {
                for reply in analyze(uri) { guard send(reply, writer) else { return 0 } }
            }
            for reply in handle(message) {
                guard send(reply, writer) else { return 0 }
            }
            if !stale.isEmpty, !reader.hasPendingInput {
                for uri in stale.sorted() {
                    for reply in analyze(uri) { guard send(reply, writer) else { return 0 } }
                }
            }
        }
    }

    /// Analyses a changed document; its diagnostics, with the version they are for.
    mutating func analyze(_ uri: String) -> [JSON] {
        stale.remove(uri)
        guard var document = documents[uri] else { return [] }
        document.analyze(analyzer)
        documents[uri] = document
        return [publish(document)]
    }

    func publish(_ document: OpenDocument) -> JSON {
        RPC.notification("textDocument/publishDiagnostics",
                         ["uri": .string(document.uri), "version": .int(document.version), "diagnostics": document.diagnostics])
    }

    func send(_ message: JSON, _ writer: MessageWriter) -> Bool {
        writer.send(Array(JSONPrinter.compact(message).utf8))
    }

    /// The messages to send for one from the client: its response, and any notifications it causes.
    mutating func handle(_ message: RPC.Incoming) -> [JSON] {
        guard let id = message.id else { return notification(message) }
        switch (state, message.method) {
        case (.starting, "initialize"):
            state = .running
            return [RPC.response(id: id, result: capabilities)]
        case (.starting, _):
            return [RPC.error(id: id, code: .serverNotInitialized, message: "initialize first")]
        case (.shuttingDown, _):
            return [RPC.error(id: id, code: .invalidRequest, message: "the server is shutting down")]
        case (_, "shutdown"):
            state = .shuttingDown
            return [RPC.response(id: id, result: .null)]
        case (_, "workspace/executeCommand"):
            return execute(message.params, id: id)
        default:
            break
        }
        let features = ["textDocument/completion", "textDocument/hover", "textDocument/definition",
                        "textDocument/documentSymbol", "textDocument/codeAction", "textDocument/rename",
                        "textDocument/prepareRename", "textDocument/references", "textDocument/documentLink",
                        "textDocument/foldingRange", "textDocument/codeLens", "textDocument/inlayHint"]
        guard features.contains(message.method) else {
            return [RPC.error(id: id, code: .methodNotFound, message: "\(message.method) is not supported")]
        }
        guard let uri = message.params["textDocument"]?["uri"]?.stringValue, let document = documents[uri] else {
            return [RPC.error(id: id, code: .invalidParams, message: "no open document with that uri")]
        }
        switch message.method {
        case "textDocument/documentSymbol": return [RPC.response(id: id, result: symbols(in: document))]
        case "textDocument/documentLink": return [RPC.response(id: id, result: documentLinks(in: document))]
        case "textDocument/foldingRange": return [RPC.response(id: id, result: foldingRanges(in: document))]
        case "textDocument/codeLens": return [RPC.response(id: id, result: codeLenses(in: document))]
        case "textDocument/inlayHint": return [RPC.response(id: id, result: inlayHints(in: document))]
        default: break
        }
        if message.method == "textDocument/codeAction" {
            guard let range = message.params["range"], let start = OpenDocument.position(range["start"]),
                  let end = OpenDocument.position(range["end"]) else {
                return [RPC.error(id: id, code: .invalidParams, message: "a range is required")]
            }
            return [RPC.response(id: id, result: codeActions(in: document, from: document.lines.offset(of: start),
                                                             to: document.lines.offset(of: end)))]
        }
        guard let position = OpenDocument.position(message.params["position"]) else {
            return [RPC.error(id: id, code: .invalidParams, message: "a position is required")]
        }
        let offset = document.lines.offset(of: position)
        let result: JSON
        switch message.method {
        case "textDocument/completion": result = completion(in: document, at: offset)
        case "textDocument/hover": result = hover(in: document, at: offset)
        case "textDocument/prepareRename": result = prepareRename(in: document, at: offset)
        case "textDocument/references":
            result = references(in: document, at: offset,
                                includeDeclaration: message.params["context"]?["includeDeclaration"] == .bool(true))
        case "textDocument/rename":
            guard case .string(let newName)? = message.params["newName"] else {
                return [RPC.error(id: id, code: .invalidParams, message: "newName is required")]
            }
            switch rename(in: document, at: offset, to: newName) {
            case .success(let edit): result = edit
            case .failure(let problem): return [RPC.error(id: id, code: problem.code, message: problem.message)]
            }
        default: result = definition(in: document, at: offset)
        }
        return [RPC.response(id: id, result: result)]
    }

    mutating func notification(_ message: RPC.Incoming) -> [JSON] {
        guard state == .running else { return [] }
        let params = message.params
        if message.method == "workspace/didChangeWatchedFiles" {
            watchedFilesChanged(params)
            return []
        }
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { return [] }
        if let url = URL(string: uri), url.isFileURL, message.method.hasPrefix("textDocument/did") { touch(url.path) }
        switch message.method {
        case "textDocument/didOpen":
            let text = params["textDocument"]?["text"]?.stringValue ?? ""
            let analyzer = self.analyzer
            documents[uri] = OpenDocument(uri: uri, text: Array(text.utf8),
                                          version: params["textDocument"]?["version"]?.intValue ?? 0,
                                          analyzer: analyzer)
            // What this file mixes in, open too, is checked again against it.
            if let path = documents[uri]?.path { touch(path) }
        case "textDocument/didChange":
            guard var document = documents[uri] else { return [] }
            for change in params["contentChanges"]?.arrayValue ?? [] { document.apply(change) }
            document.version = params["textDocument"]?["version"]?.intValue ?? document.version + 1
            documents[uri] = document
            stale.insert(uri)
            return []
        case "textDocument/didSave":
            return []
        case "textDocument/didClose":
            if let closed = documents[uri] { services.analyzer.entryMemo?.forget(closed.name) }
            documents[uri] = nil
            stale.remove(uri)
            return [RPC.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])]
        default:
            return []
        }
        guard let document = documents[uri] else { return [] }
        return [publish(document)]
    }

    var capabilities: JSON {
        [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": true],
                "completionProvider": ["triggerCharacters": ["\"", "$", "."]],
                "hoverProvider": true,
                "definitionProvider": true,
                "documentSymbolProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "renameProvider": ["prepareProvider": true],
                "referencesProvider": true,
                "documentLinkProvider": ["resolveProvider": false],
                "foldingRangeProvider": true,
                "codeLensProvider": ["resolveProvider": false],
                "inlayHintProvider": true,
                "executeCommandProvider": ["commands": .array(Self.commands.map(JSON.string))],
            ],
            "serverInfo": ["name": "jasonrun", "version": .string(services.version)],
        ]
    }
}
