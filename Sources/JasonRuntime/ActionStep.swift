import JasonJSON
import JasonTemplate

/// One action as the observers see it.
public struct ActionStep: Sendable {
    public var target: ActionCall.Target
    /// What carries it out (decided from the target; the loop uses its call's, decided at parse).
    package var kind: ActionKind { ActionKind(target) }
    public var path: ActionPath
    /// The options after rendering (nil when the action has none).
    public var options: JSON?
    /// Expressions that stayed unresolved or threw while rendering the options.
    package var templateDiagnostics: [TemplateDiagnostic]
    /// The `$jason` the action runs with.
    public var jason: JSON?
    /// Where the open lambda frames were called from, outermost first.
    package var callers: [ActionPath]
    /// The conditional array or string template this action was chosen from, when it was (a
    /// `head.actions` entry written as `[{"{{#if …}}": …}]`, say): breakpoints on the entry stop here.
    package var entry: ActionPath?

    init(target: ActionCall.Target, path: ActionPath, options: JSON?,
         templateDiagnostics: [TemplateDiagnostic], jason: JSON?, callers: [ActionPath], entry: ActionPath?) {
        self.target = target
        self.path = path
        self.options = options
        self.templateDiagnostics = templateDiagnostics
        self.jason = jason
        self.callers = callers
        self.entry = entry
    }

    /// How many lambda frames are open.
    package var depth: Int { callers.count }

    /// The name shown in traces: the type, or `trigger NAME`.
    public var name: String {
        switch target {
        case .type(let type): type
        case .trigger(let name): "trigger " + name
        }
    }
}
