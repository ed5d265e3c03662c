import Foundation
import JasonJSON
import JasonRuntime

/// What Tab offers: commands first on the line; then action types, `head.actions` names and variable
/// paths (`$get.`, `$global.`, `$jason.`…) read from the program's current state.
extension REPL {
    static let roots = ["$jason", "$get", "$params", "$global", "$cache", "$env"]

    func complete(_ word: String, line: String) -> [String] {
        let before = line.split(separator: " ").first.map(String.init) ?? ""
        if line.trimmingCharacters(in: .whitespaces) == word || line.trimmingCharacters(in: .whitespaces).isEmpty {
            return Command.allCases.map(\.rawValue).filter { $0.hasPrefix(word) }
        }
        let lead = word.hasPrefix("{{") ? "{{" : ""
        let text = String(word.dropFirst(lead.count))
        if case .found(let command) = Command.lookup(before), [.trigger, .run, .break].contains(command), !text.hasPrefix("$") {
            return debugger.document.actions.keys.sorted().filter { $0.hasPrefix(text) }
        }
        guard text.hasPrefix("$") else { return [] }
        if let dot = text.lastIndex(of: "."), Self.roots.contains(where: { text.hasPrefix($0 + ".") }) {
            let base = String(text[..<dot])
            let partial = text[text.index(after: dot)...]
            guard case .object(let members)? = value(at: base) else { return [] }
            return members.keys.filter { $0.hasPrefix(partial) }.sorted().map { lead + base + "." + $0 }
        }
        let types = debugger.setup.registry.specs.map(\.type).filter { $0.hasPrefix("$") }
        return (Self.roots + types).filter { $0.hasPrefix(text) }.map { lead + $0 }
    }

    /// `$get.user.name` in the current data.
    func value(at path: String) -> JSON? {
        let data = interpreter.state.templateData(jason: currentJason)
        return path.split(separator: ".").reduce(Optional(data)) { value, key in value?[String(key)] }
    }
}
