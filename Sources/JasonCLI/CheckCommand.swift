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
            nothing is an error, 1 when something is, 65 when a file is not JSON, 66 when one cannot be read. \
            With --fix, each did-you-mean is applied to the file first.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    @Argument(help: "The flows to check (documents or single actions); - reads standard input.")
    var files: [String]

    @Option(help: "text (as run-time diagnostics), json (one object per finding) or sarif (SARIF 2.1.0).")
    var format: Format = .text

    @Flag(help: "Apply each did-you-mean to the file (showing what changed), then check it again; a file that is not JSON is never touched.")
    var fix = false

    @OptionGroup var fileOptions: FileOptions

    func execute(io: any TerminalIO) async -> Int32 {
        let checked = Checking(files: fileOptions.values).check(files, input: io.readAllInput, fix: fix ? io : nil)
        for problem in checked.unread { io.writeErr(problem) }
        let all = checked.diagnostics
        switch format {
        case .text:
            let formatter = DiagnosticFormatter(sources: checked.sources)
            // The findings and their count are one report, on one stream.
            io.writeOut(all.map(formatter.format).joined())
            if !files.isEmpty { io.writeOut(checked.summary + "\n") }
        case .json:
            io.writeOut(JSONPrinter.pretty(ReportFormats.json(all)) + "\n")
        case .sarif:
            io.writeOut(JSONPrinter.pretty(ReportFormats.sarif(all, toolVersion: Jasonrun.version)) + "\n")
        }
        return checked.status
    }
}

/// Checking files: the one function behind `jasonrun check` and MCP's `check` (the language server asks
/// the same `Analyzer` for each open document).
struct Checking {
    let files: FileOptions.Values

    struct Checked {
        var sources: [SourceFile] = []
        var diagnostics: [Diagnostic] = []
        var status = ExitStatus.ok
        /// A line for each file that could not be read.
        var unread: [String] = []

        var summary: String {
            let errors = diagnostics.count { $0.severity == .error }
            return "\(sources.count) file\(sources.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), "
                + "\(diagnostics.count - errors) warning\(diagnostics.count - errors == 1 ? "" : "s")"
                + (unread.isEmpty ? "" : "; \(unread.count) could not be read")
        }
    }

    var analyzer: Analyzer {
        var analyzer = Analyzer(registry: StandardLibrary.registry, fileExists: { FileManager.default.fileExists(atPath: $0) })
        (analyzer.allowRead, analyzer.maximumFileSize) = (files.allowRead, files.maxFileSize)
        return analyzer
    }

    /// `paths` checked (`-` is `input()`); with `fix`, each file's fixes are made first and shown there.
    func check(_ paths: [String], input: () -> [UInt8], fix: (any TerminalIO)? = nil) -> Checked {
        let analyzer = self.analyzer
        var checked = Checked()
        for path in paths {
            var source: SourceFile
            switch path == "-" ? .success(input()) : files.readDocument(path) {
            case .success(let bytes): source = SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes)
            case .failure(let problem):
                checked.unread.append("jasonrun: \(path): \(problem.message)\n")
                checked.status = max(checked.status, problem.status)
                continue
            }
            var report = analyzer.check(source)
            if let io = fix, path != "-", report.isJSON, let fixed = applyFixes(report, to: source, with: analyzer, io: io) {
                source = fixed
                // Checked again once written: a part is judged by the documents that mix it in, which read it from disk.
                report = analyzer.check(fixed)
            }
            checked.sources.append(source)
            checked.diagnostics += report.diagnostics
            if !report.isJSON { checked.status = max(checked.status, ExitStatus.invalidDocument) }
            else if report.hasErrors { checked.status = max(checked.status, ExitStatus.unhandledError) }
        }
        return checked
    }

    /// The file with its fixes made and written back (its mode kept); nil when there was nothing to fix,
    /// the result would not be JSON, or it could not be written. A fix can uncover another (`"sucess"`
    /// made `"success"` puts its action's misspelt trigger in reach), so it checks again, a few times.
    func applyFixes(_ report: Analyzer.Report, to source: SourceFile, with analyzer: Analyzer, io: any TerminalIO) -> SourceFile? {
        var (fixed, findings, count) = (source, report.diagnostics, 0)
        for _ in 0..<5 {
            guard let applied = Fixes.apply(findings, to: fixed) else { break }
            let next = SourceFile(name: source.name, bytes: applied.bytes)
            guard (try? JSONParser.parseDocument(next)) != nil else { break }
            (fixed, count) = (next, count + applied.fixes.count)
            findings = analyzer.check(next).diagnostics
        }
        guard count > 0 else { return nil }
        let mode = (try? FileManager.default.attributesOfItem(atPath: source.name)[.posixPermissions] as? Int) ?? 0o644
        do {
            try LocalFile.writePrivately(fixed.bytes, to: source.name)
            try? FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: source.name)
        } catch {
            io.writeErr("jasonrun: \(source.name): \(error.description)\n")
            return nil
        }
        io.writeErr(Fixes.diff(source.bytes, fixed.bytes, name: source.name)
                    + "fixed \(count) finding\(count == 1 ? "" : "s") in \(source.name)\n")
        return fixed
    }
}
