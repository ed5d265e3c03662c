import ArgumentParser
import JasonRuntime

/// `--params`, `--jason`, `--global`: what a run starts with (`run`, `preview`).
struct SeedOptions: ParsableArguments {
    @Option(help: ArgumentHelp("$params of the first view: a JSON object, or @file.", valueName: "json"))
    var params: String?

    @Option(help: ArgumentHelp("$jason the first chain starts with: JSON, or @file.", valueName: "json"))
    var jason: String?

    @Option(help: ArgumentHelp("$global to start with, over the saved one: a JSON object, or @file. $global is then kept in memory for this run.",
                               valueName: "json"))
    var global: String?

    var values: Values { Values(params: params, jason: jason, global: global) }

    func read() throws(RunSeeds.Problem) -> RunSeeds { try values.read() }

    /// What the options say, as plain values: RunArguments fills these without ArgumentParser's types.
    struct Values {
        var params: String?
        var jason: String?
        var global: String?

        func read() throws(RunSeeds.Problem) -> RunSeeds { try RunSeeds(params: params, jason: jason, global: global) }
    }
}

/// `--state-dir`, `--no-persist`: where `$global`, `$session` and `$cache` live (`run`, `preview`).
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Where $global, $session and $cache are saved (default $XDG_STATE_HOME/jasonrun).",
                               valueName: "dir"))
    var stateDir: String?

    @Flag(help: "Keep $global, $session and $cache in memory only; nothing is read or written on disk.")
    var noPersist = false

    var values: Values { Values(stateDir: stateDir, noPersist: noPersist) }

    func validate() throws { if let problem = values.problem { throw ValidationError(problem) } }

    var stores: Stores { values.stores }

    /// What the options say, as plain values: RunArguments fills these without ArgumentParser's types.
    struct Values {
        var stateDir: String?
        var noPersist = false

        var problem: String? { noPersist && stateDir != nil ? "--state-dir and --no-persist exclude each other" : nil }

        var stores: Stores { noPersist ? .inMemory() : .files(in: stateDir ?? Stores.defaultDirectory) }
    }
}

/// `--stubs`, `--offline`: what answers requests and device actions (`run`, `repl`, `preview`).
struct StubOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Answer matching requests and device actions from this file (Docs/Stubs.md).",
                               valueName: "file"))
    var stubs: String?

    @Flag(help: "Let no request reach the network: whatever no stub answers fails into the error branch.")
    var offline = false

    var values: Values { Values(stubs: stubs, offline: offline) }

    /// What the options say, as plain values: RunArguments fills these without ArgumentParser's types.
    struct Values {
        var stubs: String?
        var offline = false
    }
}
