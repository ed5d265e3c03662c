import ArgumentParser
import JasonActions
import JasonJSON
import JasonRuntime

/// `jasonrun state show|clear`: what runs left in the state folder. `$global` is one for every flow run
/// on this machine, so a key an earlier flow set shows up in the next: this is where to see and forget it.
struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Show or clear the saved $global, $session and $cache (shared by every flow run on this machine).",
        discussion: """
            show prints the state folder's $global, $session (credential headers redacted) and each view's \
            $cache; clear removes them (or only the parts named with --global, --session, --cache). Runs \
            with --no-persist never touch them.
            """)

    enum What: String, ExpressibleByArgument, CaseIterable {
        case show, clear
    }

    @Argument(help: "show or clear")
    var what: What

    @Option(help: ArgumentHelp("The state folder (default $XDG_STATE_HOME/jasonrun).", valueName: "dir"))
    var stateDir: String?

    @Flag(help: "clear: $global only (with the other part flags, those parts).")
    var global = false
    @Flag(help: "clear: $session only.")
    var session = false
    @Flag(help: "clear: every view's $cache only.")
    var cache = false

    func execute(io: any TerminalIO) -> Int32 {
        let saved = SavedState(directory: stateDir ?? Stores.defaultDirectory)
        guard saved.exists else {
            io.writeOut("nothing saved: \(saved.directory) does not exist\n")
            return ExitStatus.ok
        }
        do throws(StoreError) {
            switch what {
            case .show: io.writeOut(try show(saved))
            case .clear:
                var parts = Set<SavedState.Part>()
                if global { parts.insert(.global) }
                if session { parts.insert(.session) }
                if cache { parts.insert(.cache) }
                let removed = try saved.clear(parts.isEmpty ? Set(SavedState.Part.allCases) : parts)
                io.writeOut(removed.isEmpty ? "nothing to clear in \(saved.directory)\n"
                            : removed.map { "removed \($0)\n" }.joined())
            }
        } catch {
            io.writeErr("jasonrun: \(error.description)\n")
            return ExitStatus.unhandledError
        }
        return ExitStatus.ok
    }

    func show(_ saved: SavedState) throws(StoreError) -> String {
        var text = "state folder: \(saved.directory)\n"
        text += "$global: " + JSONPrinter.pretty(.object(try saved.global())) + "\n"
        text += "$session: " + JSONPrinter.pretty(.object(try saved.session())) + "\n"
        let caches = try saved.caches()
        text += caches.isEmpty ? "$cache: none\n" : caches.map { "$cache of \($0.file): " + JSONPrinter.pretty(.object($0.value)) + "\n" }.joined()
        return text
    }
}
