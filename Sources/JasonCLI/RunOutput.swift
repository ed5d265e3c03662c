import Foundation
import JasonJSON
import JasonRuntime

/// Where a run's trace and diagnostics go. The rule for tools: with `--trace json` on standard error,
/// every line there is one JSON object (trace events, `{"event":"diagnostic"}`, and `$log` lines as
/// `{"event":"log"}`); with `--trace-file`, the file holds the trace alone and standard error reads as
/// it does without a trace.
final class RunOutput {
    let io: any TerminalIO
    let traceFormat: TraceFormat?
    var formatter: DiagnosticFormatter
    private let file: FileHandle?

    struct Problem: Error { var message: String }

    init(io: any TerminalIO, trace: TraceFormat?, traceFile: String?, formatter: DiagnosticFormatter) throws(Problem) {
        self.io = io
        self.formatter = formatter
        traceFormat = trace ?? (traceFile == nil ? nil : .text)
        if let traceFile {
            // The user's alone (it shows what the flow sent), and never written through a planted link.
            let fd = open(traceFile, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0, fchmod(fd, 0o600) == 0 else {
                let why = LocalFile.reason()
                if fd >= 0 { Glibc.close(fd) }
                throw Problem(message: "\(traceFile): cannot write the trace there (--trace-file): \(why)")
            }
            file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        } else {
            file = nil
        }
    }

    /// Whether standard error is a JSON-lines stream.
    var jsonOnStandardError: Bool { traceFormat == .json && file == nil }

    var writeTrace: @Sendable (String) -> Void {
        if let file { return { line in file.write(Data(line.utf8)) } }
        let io = self.io
        return { line in io.writeErr(line) }
    }

    func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            if jsonOnStandardError {
                io.writeErr(JSONPrinter.compact(Self.json(diagnostic)) + "\n")
            } else {
                io.writeErr(formatter.format(diagnostic))
            }
        }
    }

    func close() { try? file?.close() }

    static func json(_ d: Diagnostic) -> JSON {
        var object: JSONObject = ["event": "diagnostic", "id": .string(d.id.rawValue),
                                  "severity": .string(d.severity.rawValue), "message": .string(d.message)]
        if let file = d.file { object["file"] = .string(file) }
        if let location = d.location {
            object["line"] = .int(location.line)
            object["column"] = .int(location.column)
        }
        if let pointer = d.pointer { object["pointer"] = .string(pointer.description) }
        if !d.notes.isEmpty { object["notes"] = .array(d.notes.map(JSON.string)) }
        if d.count > 1 { object["count"] = .int(d.count) }
        return .object(object)
    }
}
