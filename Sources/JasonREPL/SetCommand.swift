import JasonDebugger
import JasonJSON
import JasonRuntime

/// `set $get.x = 3`: changing the program's variables at a stop.
extension REPL {
    func setVariable(_ argument: String) {
        guard let equals = argument.firstIndex(of: "=") else {
            return write("error: expected \(Command.set.usage)\n")
        }
        let path = argument[..<equals].trimmingCharacters(in: .whitespaces).split(separator: ".").map(String.init)
        let written = argument[argument.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard path.count >= 2, ["$get", "$global", "$cache"].contains(path[0]) else {
            return write("error: set changes $get.NAME, $global.NAME or $cache.NAME (a path may go deeper: $get.a.b)\n")
        }
        let value: JSON
        if written.hasPrefix("{{") {
            let result = evaluate(written, jason: currentJason)
            guard let evaluated = result.value else {
                return write("error: \(written) is undefined" + result.problems.map { ": " + $0 }.joined() + "\n")
            }
            value = evaluated
        } else {
            do { value = try JSONParser.parse(written) } catch {
                return write("error: the value is not JSON (write {{expr}} for an expression): \(error.message)\n")
            }
        }
        let key = path[1]
        let variable = RunState.Variable(rawValue: path[0]) ?? .get
        let updated = Self.setting(interpreter.state.value(of: variable)[key] ?? .null, at: path.dropFirst(2), to: value)
        do { try debugger.set(variable, key: key, to: updated) } catch {
            return write("error: \(path[0]) could not be written: \(error)\n")
        }
        write(path.joined(separator: ".") + " = " + JSONPrinter.compact(value) + "\n")
        if pausedStep != nil {
            write("note: the paused action's options were rendered before; the change shows from the next action on\n")
        }
    }

    /// `base` with the value at `path` (object keys) replaced, objects made where there were none.
    static func setting(_ base: JSON, at path: ArraySlice<String>, to value: JSON) -> JSON {
        guard let key = path.first else { return value }
        var members = base.objectValue ?? [:]
        members[key] = setting(members[key] ?? .null, at: path.dropFirst(), to: value)
        return .object(members)
    }
}
