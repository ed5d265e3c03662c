import Foundation
import JasonActions
import JasonEditor
import JasonDebugger
import JasonJSON
import JasonREPL
import JasonRuntime

/// Builds the program of a DAP `launch` from its arguments, as `jasonrun FLOW.json` and `jasonrun repl`
/// build theirs from flags: the document, the stubs and network, the stores and the seeds.
enum DapLauncher {
    static func launch(_ arguments: JSON) -> Result<DAPProgram, DAPLaunchError> {
        do { return .success(try program(arguments)) } catch { return .failure(error) }
    }

    static func program(_ arguments: JSON) throws(DAPLaunchError) -> DAPProgram {
        guard let written = arguments["program"]?.stringValue, !written.isEmpty else {
            throw DAPLaunchError("launch needs \"program\": the path of the flow to debug")
        }
        let cwd = arguments["cwd"]?.stringValue ?? FileManager.default.currentDirectoryPath
        let path = URL(fileURLWithPath: written, relativeTo: URL(fileURLWithPath: cwd, isDirectory: true))
            .standardizedFileURL.path
        let allowRead = (arguments["allowRead"]?.arrayValue ?? []).compactMap(\.stringValue)
        func text(_ key: String) -> String? {
            guard let value = arguments[key] else { return nil }
            if case .string(let written) = value { return written }
            return JSONPrinter.compact(value)
        }
        let launch: RunLaunch
        do {
            launch = try RunLaunch(RunLaunch.Request(
                file: path, seeds: SeedOptions.Values(params: text("params"), jason: text("jason"), global: text("global")),
                stubs: arguments["stubs"]?.stringValue.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: cwd)).path },
                offline: arguments["offline"] == .bool(true), files: FileOptions.Values(allowRead: allowRead)))
        } catch {
            throw DAPLaunchError(error.plain)
        }
        let (document, seeds, files, formatter) = (launch.document!, launch.seeds, launch.files, launch.formatter)
        let stateDir = arguments["stateDir"]?.stringValue
        let url = launch.viewURL
        let maxSteps: Int? = if case .int(let n)? = arguments["maxSteps"] { n == 0 ? nil : n } else { 1_000_000 }
        var seed: UInt64?
        if let written = arguments["seed"] {
            guard case .int(let n) = written, n >= 0 else { throw DAPLaunchError("\"seed\" must be a whole number, 0 or more") }
            seed = UInt64(n)
        }
        var clockStart: String?
        if let written = arguments["clockStart"] {
            clockStart = written.stringValue ?? written.doubleValue.map { JSNumber.format($0) }
            guard let text = clockStart, RepeatOptions.unixTime(text) != nil else {
                throw DAPLaunchError("\"clockStart\" takes Unix seconds or an ISO 8601 date, as in 1767225600 or \"2026-01-01T09:30:00Z\"")
            }
        }
        let start = RepeatOptions.startDate(seed: seed, clockStart: clockStart)
        var setup = SessionSetup(registry: StandardLibrary.registry) { console in
            // In memory unless a state folder is named: stepping back then restores the stores too.
            launch.environment(console: console, stores: seeds.stores(stateDir.map { .files(in: $0) } ?? .inMemory()),
                               startDate: start, clock: VirtualClock())
        }
        setup.seed = seed
        setup.files = files
        let describe = formatter
        var program = DAPProgram(document: document, setup: setup, url: url, describe: { describe.format($0) })
        program.jason = seeds.jason
        program.warnings = document.lint()
        program.maxSteps = maxSteps
        if let seconds = arguments["timeLimit"]?.doubleValue, seconds >= 0 { program.timeLimit = seconds == 0 ? 365 * 86_400 : seconds }
        return program
    }
}
