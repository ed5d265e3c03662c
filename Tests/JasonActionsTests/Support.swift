import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import TestSupport
import Synchronization

struct Outcome {
    let interpreter: Interpreter
    let console: RecordingConsole
    var printed: [String] { console.printed }
    var diagnostics: [Diagnostic] { interpreter.diagnostics }
}

/// Runs `text` (a document or an action) with the standard registry and the given environment parts.
func run(_ text: String, stores: Stores = .inMemory(), viewURL: String = "file:///flow.json",
         transport: any HTTPTransport = OfflineTransport(), answers: AnswerBook = AnswerBook(),
         typed: [String]? = nil, registry: ActionRegistry = StandardLibrary.registry,
         host: (Interpreter) -> Void = { _ in }) async throws -> Outcome {
    let document = try Document.load(SourceFile(name: "flow.json", text: text))
    let console = RecordingConsole()
    let environment = ActionEnvironment(console: console, stores: stores, viewURL: viewURL, transport: transport,
                                        answers: answers, input: typed.map(Typist.init))
    let interpreter = Interpreter(document: document, registry: registry, environment: environment)
    host(interpreter)
    await interpreter.start()
    await interpreter.runUntilIdle()
    return Outcome(interpreter: interpreter, console: console)
}

/// A new empty folder for a test's files.
func temporaryFolder() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("jasonrun-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.path
}

/// A pretend user who types `lines`, one per prompt; nil after the last (Ctrl-D).
final class Typist: LineInput {
    private let lines: Mutex<[String]>
    /// The prompts shown, a secret one marked "secret: ".
    let prompts = Mutex<[String]>([])
    init(_ lines: [String]) { self.lines = Mutex(lines) }
    func readLine(prompt: String) async -> String? {
        prompts.withLock { $0.append(prompt) }
        return lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
    func readSecret(prompt: String) async -> String? {
        prompts.withLock { $0.append("secret: " + prompt) }
        return lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// Serves documents (and anything else) from memory by exact URL; the rest fails as offline.
struct Pages: HTTPTransport {
    var pages: [String: String]
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let page = pages[request.url] else { throw TransportError("offline: no page at \(request.url)") }
        return HTTPResponse(status: 200, body: Array(page.utf8))
    }
}

/// Answers from the JSON text of a stub file's "answers".
func answers(_ json: String) throws -> AnswerBook {
    AnswerBook(try StubFile.load(SourceFile(name: "stubs.json", text: #"{"answers": \#(json)}"#)).answers)
}

/// Stores that outlive one interpreter, as files do, without touching the disk: for tests that run
/// several flows over the same `$global`, `$session` and `$cache`.
final class SharedStores: Sendable {
    final class Store: KeyValueStore {
        private let value = Mutex<JSONObject>([:])
        func load() throws(StoreError) -> StoreContents { StoreContents(value: value.withLock { $0 }) }
        func update(_ change: (inout JSONObject) -> Void) throws(StoreError) -> JSONObject {
            value.withLock { v in
                change(&v)
                return v
            }
        }
    }

    let global = Store()
    let session = Store()
    private let caches = Mutex<[String: Store]>([:])

    var stores: Stores {
        Stores(global: global, session: session) { url in
            self.caches.withLock { all in
                if let store = all[url] { return store }
                let store = Store()
                all[url] = store
                return store
            }
        }
    }
}
