import JasonActions

/// `jasonrun FLOW.json [OPTION…]` read without ArgumentParser's types.
///
/// ArgumentParser learns a command's options by reflecting the command's type, and the Swift runtime
/// answers each type/protocol question it asks for the first time by scanning every conformance record
/// in the binary (9,000-odd): parsing the run command that way was three quarters of the instructions of
/// running the hello example, and even making the command with its defaults asks seven such questions
/// (`LimitOptions: ParsableArguments`…). This reads the same options from a table into plain RunSettings
/// and gives up (nil) on anything it does not know for sure (help, a mistake, an unusual spelling, a value
/// ArgumentParser or a `validate` would refuse), which then goes through ArgumentParser as before, with its
/// messages. RunArgumentsTests checks that the table names every option of RunCommand and that both
/// parses give the same settings.
enum RunArguments {
    /// The settings `arguments` (after `normalize`, and without a leading `run`) ask for, when they are
    /// plain: one flow (`-` for standard input) anywhere among `--name value`, `--name=value` or `--flag`,
    /// each option once (`--allow-read` repeatable), no value empty. Every order a user writes them in
    /// takes this path, so every form of the command starts as fast.
    static func parse(_ arguments: [String]) -> RunSettings? {
        var file: String?
        var settings = RunSettings(file: "")
        var seen: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "-" || !argument.hasPrefix("-") {
                guard file == nil else { return nil }
                file = argument
                continue
            }
            let (name, attached) = split(argument)
            guard name.hasPrefix("--"), name.count > 2 else { return nil }
            if let setFlag = flag(name) {
                guard attached == nil, !seen.contains(name) else { return nil }
                seen.append(name)
                setFlag(&settings)
                continue
            }
            guard let setOption = option(name), name == "--allow-read" || !seen.contains(name) else { return nil }
            seen.append(name)
            guard let value = attached ?? rest.popFirst(), !value.isEmpty, attached != nil || !value.hasPrefix("-"),
                  setOption(&settings, value) else { return nil }
        }
        guard let file, settings.isRunnable else { return nil }
        settings.file = file
        return settings
    }

    /// Whether the table knows the option or flag `name` (`--max-steps`).
    static func knows(_ name: String) -> Bool { flag(name) != nil || option(name) != nil }

    static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// What a flag sets. A switch rather than a dictionary: a dictionary of closures is a generic type the
    /// runtime would instantiate at start-up, asking the same costly conformance questions.
    static func flag(_ name: String) -> ((inout RunSettings) -> Void)? {
        switch name {
        case "--strict": { $0.strict = true }
        case "--print-jason": { $0.printJason = true }
        case "--record-credentials": { $0.recordCredentials = true }
        case "--real-time": { $0.realTime = true }
        case "--no-persist": { $0.store.noPersist = true }
        case "--offline": { $0.answers.offline = true }
        default: nil
        }
    }

    /// What an option sets; the setter says false when ArgumentParser would not take the value.
    static func option(_ name: String) -> ((inout RunSettings, String) -> Bool)? {
        switch name {
        case "--trace": { $0.trace = TraceFormat(rawValue: $1); return $0.trace != nil }
        case "--trace-file": { $0.traceFile = $1; return true }
        case "--render": { settings, value in
            guard let mode = BodyDisplay(rawValue: value) else { return false }
            settings.bodyDisplay = mode
            return true
        }
        case "--record": { $0.record = $1; return true }
        case "--replay": { $0.replay = $1; return true }
        case "--coverage": { $0.coverage = $1; return true }
        case "--time-limit": { $0.limit.timeLimit = $1; return true }
        case "--max-steps": { settings, value in integer(value) { settings.limit.maxSteps = $0 } }
        case "--wall-limit": { $0.limit.wallLimit = $1; return true }
        case "--max-views": { settings, value in integer(value) { settings.limit.maxViews = $0 } }
        case "--js-time": { $0.limit.jsTime = $1; return true }
        case "--js-memory": { settings, value in integer(value) { settings.limit.jsMemory = $0 } }
        case "--seed": { settings, value in integer(value) { settings.repeatable.seed = $0 } }
        case "--clock-start": { $0.repeatable.clockStart = $1; return true }
        case "--params": { $0.seed.params = $1; return true }
        case "--jason": { $0.seed.jason = $1; return true }
        case "--global": { $0.seed.global = $1; return true }
        case "--state-dir": { $0.store.stateDir = $1; return true }
        case "--stubs": { $0.answers.stubs = $1; return true }
        case "--allow-read": { $0.files.allowRead.append($1); return true }
        case "--max-file-size": { settings, value in integer(value) { settings.files.maxFileSize = $0 } }
        default: nil
        }
    }

    /// Sets a whole number as ArgumentParser reads one (`Int(text)`, `UInt64(text)`).
    static func integer<Number: FixedWidthInteger>(_ text: String, _ set: (Number) -> Void) -> Bool {
        guard let number = Number(text) else { return false }
        set(number)
        return true
    }
}
