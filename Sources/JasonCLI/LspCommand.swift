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
            reference: { ActionReference.help(for: $0, in: registry) }, version: Jasonrun.version)
        var server = LanguageServer(services: services)
        do { return try server.run() } catch {
            FileHandle.standardError.write(Data("jasonrun lsp: the input is not LSP messages any more: \(error)\n".utf8))
            return ExitStatus.invalidDocument
        }
    }
}
