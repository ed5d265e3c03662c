import JasonScript
import JasonTemplate
import Synchronization

/// Whether each `{{ }}` script compiles, kept across checks by the analyzer that made them: an editor
/// checks its document again at every edit, and an edit changes one script at most, so the others are
/// judged once. Only what Swift cannot parse goes to JavaScriptCore (which compiles, never runs, it).
package final class ScriptVerdicts: Sendable {
    /// By script: JavaScriptCore's syntax error, or nil when it compiles.
    private let verdicts = Mutex<[String: String?]>([:])
    /// Kept at most; past it the verdicts start over (a document has far fewer scripts).
    static let limit = 100_000

    package init() {}

    func syntaxError(in script: String, engine: ScriptEngine) -> String? {
        if let known = verdicts.withLock({ $0[script] }) { return known }
        let verdict = ParsedExpression(script).needsEngine ? engine.syntaxError(in: script) : nil
        verdicts.withLock { known in
            if known.count >= Self.limit { known.removeAll() }
            known[script] = verdict
        }
        return verdict
    }
}
