import ArgumentParser
import Foundation
import JasonActions
import JasonAnalysis
import JasonEditor

/// `jasonrun lsp`: the language server, over standard input and output (Docs/Editors.md).
struct LspCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the Language Server Protocol over stdio: diagnostics, completion, hover, definitions.")

    @Flag(help: "Accepted for editors that pass it; stdio is the only transport.")
    var stdio = false

    func execute() -> Int32 {
        // A client that goes away mid-write ends the session through write's error, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let registry = StandardLibrary.registry
        let services = LanguageServer.Services(
            analyzer: Analyzer(registry: registry, fileExists: { FileManager.default.fileExists(atPath: $0) }),
            reference: { ActionReference.help(for: $0, in: registry) }, version: Jasonrun.version, runner: Self.runSelf)
        var server = LanguageServer(services: services)
        do { return try server.run() } catch {
            FileHandle.standardError.write(Data("jasonrun lsp: the input is not LSP messages any more: \(error)\n".utf8))
            return ExitStatus.invalidDocument
        }
    }

    /// This binary, run with `arguments` from `folder` as a child process (a runaway flow cannot take the
    /// server down with it), stopped after two minutes; its two streams as one text.
    static func runSelf(_ arguments: [String], _ folder: String) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder, isDirectory: true)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (ExitStatus.internalError, "could not start jasonrun: \(error.localizedDescription)") }
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, String(decoding: bytes, as: UTF8.self))
    }
}
