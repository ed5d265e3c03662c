import JasonJSON
import Synchronization

/// One incoming DAP request: its sequence number, command and arguments.
struct DAPRequest: Sendable {
    var seq: Int
    var command: String
    var arguments: JSON

    /// Nil for a body that is not a JSON request object.
    init?(_ body: [UInt8]) {
        guard let json = try? JSONParser.parse(String(decoding: body, as: UTF8.self)),
              json["type"]?.stringValue == "request",
              case .int(let seq)? = json["seq"], let command = json["command"]?.stringValue else { return nil }
        self.seq = seq
        self.command = command
        arguments = json["arguments"] ?? .object([:])
    }
}

/// The adapter's side of the stream: numbers and writes responses and events. Output the program prints
/// may come from any task, so the sequence number and the capture of console output sit behind locks.
final class DAPChannel: Sendable {
    private let writer: MessageWriter
    private let seq = Mutex(0)
    /// While the debug console runs a REPL command, what is printed is its answer, not output events.
    private let captured = Mutex<String?>(nil)
    /// False once a write failed: the client has gone.
    private let open = Atomic<Bool>(true)

    /// Set when the client asked to end the session or went away: no run may start again.
    private let ending = Atomic<Bool>(false)

    init(writer: MessageWriter) { self.writer = writer }

    var isOpen: Bool { open.load(ordering: .relaxed) }
    var isEnding: Bool { ending.load(ordering: .relaxed) }
    func setEnding() { ending.store(true, ordering: .relaxed) }

    func respond(to request: DAPRequest, body: JSON? = nil) {
        var message: JSONObject = ["type": "response", "request_seq": .int(request.seq), "success": true,
                                   "command": .string(request.command)]
        if let body { message["body"] = body }
        send(message)
    }

    /// An error response. Clients show `message`, so it is the sentence the user reads; `code` names the
    /// kind of failure for tools, in the structured `body.error`.
    func fail(_ request: DAPRequest, _ detail: String, message code: String = "failed") {
        send(["type": "response", "request_seq": .int(request.seq), "success": false,
              "command": .string(request.command), "message": .string(detail),
              "body": ["error": ["id": 1, "format": .string(detail), "showUser": true, "variables": ["code": .string(code)]]]])
    }

    func event(_ name: String, _ body: JSON? = nil) {
        var message: JSONObject = ["type": "event", "event": .string(name)]
        if let body { message["body"] = body }
        send(message)
    }

    /// What the program printed: an output event, or part of a debug-console answer while one is captured.
    func output(_ text: String, category: String = "stdout") {
        let kept = captured.withLock { buffer -> Bool in
            guard buffer != nil else { return false }
            buffer! += text
            return true
        }
        if !kept { event("output", ["category": .string(category), "output": .string(text)]) }
    }

    /// Runs `body` with console output collected, and returns what was collected.
    func capturing(_ body: () async -> Void) async -> String {
        captured.withLock { $0 = "" }
        await body()
        return captured.withLock { buffer in
            defer { buffer = nil }
            return buffer ?? ""
        }
    }

    private func send(_ message: JSONObject) {
        var numbered = message
        seq.withLock { n in
            n += 1
            numbered["seq"] = .int(n)
            // Numbering and writing under one lock keeps the sequence in order on the wire.
            if !writer.send(Array(JSONPrinter.compact(.object(numbered)).utf8)) { open.store(false, ordering: .relaxed) }
        }
    }
}
