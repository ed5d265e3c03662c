import ArgumentParser
import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import JasonScript
import JasonTesting

/// `jasonrun FLOW.json`: load, check, run `$load` (or `$show`, or the single action) until idle.
struct RunCommand: ParsableCommand {
    // The super-command's name matters only where `jasonrun FLOW.json` is parsed as this command alone
    // (Jasonrun.main): ArgumentParser then skips its check for `--generate-completion-script`, two more
    // parses that were 5% of a start's instructions. Anything that parse refuses goes through the root
    // command, where completion requests are still answered.
    static let configuration = CommandConfiguration(
        commandName: "run",
        _superCommandName: "jasonrun",
        abstract: "Run a document's $load (or $show), or a single action, to the end.",
        discussion: """
            Exit status: 0 ok, 1 a chain ended on an unhandled error, 64 usage, 65 invalid document, \
            66 no such file, 70 internal error.
            """)

    @Argument(help: "The flow to run: a {\"$jason\": …} document or one action object; '-' reads standard input.")
    var file: String

    @Option(help: ArgumentHelp("Print one line per action boundary, numbered and timed, on standard error: text or json.",
                               valueName: "format"))
    var trace: TraceFormat?

    @Option(help: ArgumentHelp("Write the trace to this file instead of standard error (text unless --trace json).",
                               valueName: "file"))
    var traceFile: String?

    @Flag(help: "Make unresolved {{ }} expressions errors: the run exits 1 (they are warnings otherwise).")
    var strict = false

    @Flag(help: "At the end, print the $jason the last chain ended with on standard output, as JSON (null when undefined).")
    var printJason = false

    @Option(help: ArgumentHelp("How $render shows a body: json, tree or none.", valueName: "mode"))
    var render: BodyDisplay = .json

    @Option(help: ArgumentHelp("Save every real exchange to this file (mode 0600; credential headers redacted).",
                               valueName: "file"))
    var record: String?

    @Flag(help: "Keep Authorization, Cookie and the other credential headers in the recording (they are redacted by default).")
    var recordCredentials = false

    @Option(help: ArgumentHelp("Serve exchanges from a recording and report requests that differ.", valueName: "file"))
    var replay: String?

    @Flag(help: "Run timers on the wall clock instead of the virtual clock.")
    var realTime = false

    @Option(help: ArgumentHelp("Write lcov coverage of the flow's actions and branches here, and print a summary.",
                               valueName: "file"))
    var coverage: String?

    @OptionGroup var limit: LimitOptions
    @OptionGroup var repeatable: RepeatOptions
    @OptionGroup var seed: SeedOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var answers: StubOptions
    @OptionGroup var files: FileOptions

    /// The options as plain values, which RunSettings runs.
    var settings: RunSettings {
        RunSettings(file: file, trace: trace, traceFile: traceFile, strict: strict, printJason: printJason, bodyDisplay: render,
                    record: record, recordCredentials: recordCredentials, replay: replay, realTime: realTime,
                    coverage: coverage, limit: limit.values, repeatable: repeatable.values, seed: seed.values,
                    store: store.values, answers: answers.values, files: files.values)
    }

    func validate() throws { if let problem = settings.problem { throw ValidationError(problem) } }
}
