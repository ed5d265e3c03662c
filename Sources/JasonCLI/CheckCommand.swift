import ArgumentParser
import Foundation
import JasonActions
import JasonAnalysis
import JasonJSON
import JasonRuntime

/// `jasonrun check FILE...`: static analysis, nothing run (Docs/Editors.md).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Find mistakes in flows without running them.",
        discussion: """
            Unknown action types and trigger names, options the action does not accept, JavaScript in {{ }} \
            that does not compile, broken conditionals, files that are not there, duplicate keys. Exit 0 when \
            nothing is an error, 1 when something is, 65 when a file is not JSON, 66 when one cannot be read.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    @Argument(help: "The flows to check (documents or single actions); - reads standard input.")
    var files: [String]

    @Option(help: "text (as run-time diagnostics), json (one object per finding) or sarif (SARIF 2.1.0).")
    var format: Format = .text

    @OptionGroup var fileOptions: FileOptions

    func execute(io: any TerminalIO) async -> Int32 {
        var analyzer = Analyzer(registry: StandardLibrary.registry,
                                fileExists: { FileManager.default.fileExists(atPath: $0) })
        (analyzer.allowRead, analyzer.maximumFileSize) = (fileOptions.allowRead, fileOptions.maxFileSize)
        var sources: [SourceFile] = []
        var all: [Diagnostic] = []
        var status = ExitStatus.ok
        var unread = 0
        for file in files {
            let source: SourceFile
            switch file == "-" ? .success(io.readAllInput()) : fileOptions.values.readDocument(file) {
            case .success(let bytes): source = SourceFile(name: file == "-" ? "<stdin>" : file, bytes: bytes)
            case .failure(let problem):
                io.writeErr("jasonrun: \(file): \(problem.message)\n")
                unread += 1
                status = max(status, problem.status)
                continue
            }
            sources.append(source)
            let report = analyzer.check(source)
            all += report.diagnostics
            if !report.isJSON { status = max(status, ExitStatus.invalidDocument) }
            else if report.hasErrors { status = max(status, ExitStatus.unhandledError) }
        }
        switch format {
        case .text:
            let formatter = DiagnosticFormatter(sources: sources)
            // The findings and their count are one report, on one stream.
            io.writeOut(all.map(formatter.format).joined())
            let errors = all.count { $0.severity == .error }
            if !files.isEmpty {
                io.writeOut("\(sources.count) file\(sources.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), "
                            + "\(all.count - errors) warning\(all.count - errors == 1 ? "" : "s")"
                            + (unread > 0 ? "; \(unread) could not be read" : "") + "\n")
            }
        case .json:
            io.writeOut(JSONPrinter.pretty(ReportFormats.json(all)) + "\n")
        case .sarif:
            io.writeOut(JSONPrinter.pretty(ReportFormats.sarif(all, toolVersion: Jasonrun.version)) + "\n")
        }
        return status
    }
}
