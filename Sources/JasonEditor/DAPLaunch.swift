import JasonJSON
import JasonDebugger
import JasonRuntime

/// What a `launch` request starts: the document, how to build its runs (the action registry and an
/// environment, as `jasonrun repl` builds them), and the seeds and limits of the launch arguments.
package struct DAPProgram {
    package var document: Document
    package var setup: SessionSetup
    /// The document's URL (relative `$href`/`$require` resolve against it).
    package var url: String
    /// How a diagnostic reads, as the CLI prints it.
    package var describe: @Sendable (Diagnostic) -> String
    /// `$jason` for the first chain (`jason` in the launch arguments).
    package var jason: JSON?
    /// Findings of the document check, shown as output at the start.
    package var warnings: [Diagnostic] = []
    /// How far the virtual clock may run (timers due later are not run).
    package var timeLimit: Double = 60
    /// Actions before the run stops (nil for no limit).
    package var maxSteps: Int? = 1_000_000

    package init(document: Document, setup: SessionSetup, url: String,
                 describe: @escaping @Sendable (Diagnostic) -> String) {
        self.document = document
        self.setup = setup
        self.url = url
        self.describe = describe
    }
}

/// Builds the program a `launch` names from its arguments (`program`, `stubs`, `offline`, `stateDir`,
/// `noPersist`, `params`, `jason`, `global`, `timeLimit`, `allowRead`); the text of the error response
/// when it cannot. The CLI supplies it, so the adapter needs no action library of its own.
package typealias DAPLauncher = @Sendable (JSON) -> Result<DAPProgram, DAPLaunchError>

package struct DAPLaunchError: Error, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
