import JasonDebugger
import Foundation
import JasonJSON
import JasonRuntime
import Synchronization

/// What Tab offers: commands first on the line; then action types, `head.actions` names and variable
/// paths (`$get.`, `$global.`, `$jason.`…) read from the program's state when the prompt was shown.
struct CompletionContext: Sendable {
    static let roots = ["$jason", "$get", "$params", "$global", "$cache", "$env"]

    var actionNames: [String] = []
    var types: [String] = []
    /// `$get`, `$global`, `$jason`… as a template would see them.
    var data: JSON = .null

    func complete(_ word: String, line: String) -> [String] {
        let before = line.split(separator: " ").first.map(String.init) ?? ""
        if line.trimmingCharacters(in: .whitespaces) == word || line.trimmingCharacters(in: .whitespaces).isEmpty {
            return Command.allCases.map(\.rawValue).filter { $0.hasPrefix(word) }
        }
        let lead = word.hasPrefix("{{") ? "{{" : ""
        let text = String(word.dropFirst(lead.count))
        if case .found(let command) = Command.lookup(before), [.trigger, .run, .break].contains(command), !text.hasPrefix("$") {
            return actionNames.sorted().filter { $0.hasPrefix(text) }
        }
        guard text.hasPrefix("$") else { return [] }
        if let dot = text.lastIndex(of: "."), Self.roots.contains(where: { text.hasPrefix($0 + ".") }) {
            let base = String(text[..<dot])
            let partial = text[text.index(after: dot)...]
            guard case .object(let members)? = value(at: base) else { return [] }
            return members.keys.filter { $0.hasPrefix(partial) }.sorted().map { lead + base + "." + $0 }
        }
        return (Self.roots + types.filter { $0.hasPrefix("$") }).filter { $0.hasPrefix(text) }.map { lead + $0 }
    }

    /// `$get.user.name` in the data.
    func value(at path: String) -> JSON? {
        path.split(separator: ".").reduce(Optional(data)) { value, key in value?[String(key)] }
    }
}

/// The line reader's Tab key runs inside libedit, outside the REPL's calls; the REPL leaves it what to
/// offer before each prompt.
package final class CompletionBoard: Sendable {
    private let context = Mutex(CompletionContext())

    package init() {}

    func post(_ new: CompletionContext) { context.withLock { $0 = new } }
    func complete(_ word: String, line: String) -> [String] {
        context.withLock { $0 }.complete(word, line: line)
    }
}

extension REPL {
    /// What Tab should offer now.
    var completionContext: CompletionContext {
        CompletionContext(actionNames: Array(debugger.document.actions.keys),
                          types: debugger.setup.registry.specs.map(\.type),
                          data: interpreter.templateData(jason: currentJason))
    }
}
