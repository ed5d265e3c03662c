import JasonJSON
import JasonRuntime
import JasonTemplate
import Synchronization

/// Every `{{ }}` that stayed unresolved or threw, once per run: a `template` warning located at the
/// string that holds it (an error with --strict). Options report through the interpreter's `willRun`
/// events; `$render` bodies through the issue log (only expressions that threw: undefined ones in a body
/// wait for a later pass, S20).
final class TemplateReport: ImmediateObserver {
    let strict: Bool
    private let found = Mutex<(seen: Set<String>, list: [Diagnostic])>(([], []))

    init(strict: Bool) { self.strict = strict }

    var hears: ExecutionEvent.Kinds { .templateWarnings }

    func observeNow(_ event: ExecutionEvent) {
        guard case .willRun(let step) = event else { return }
        for d in step.templateDiagnostics {
            add(Diagnostic(.template, .warning, d.message, file: d.file, location: d.location, pointer: d.pointer))
        }
    }

    /// Keeps `diagnostic` unless the same expression at the same place was reported already.
    func add(_ diagnostic: Diagnostic) {
        var d = diagnostic
        if strict { d.severity = .error }
        let key = [d.file ?? "", d.location?.description ?? "", d.pointer?.description ?? "", d.message]
            .joined(separator: "\u{1}")
        found.withLock { state in
            if state.seen.insert(key).inserted { state.list.append(d) }
        }
    }

    var diagnostics: [Diagnostic] { found.withLock { $0.list } }
}
