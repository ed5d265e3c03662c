import JasonJSON
import JasonTemplate

/// One action as the observers see it, and as the chain keeps it pending: the call as written and its
/// options filled in for this run of it. Its members live in one shared box: a step is handed to every
/// observer, kept as the pending action and by each snapshot, and copying seven reference-counted members
/// each time was a tenth of an action's cost.
public struct ActionStep: Sendable {
    private struct Members {
        let call: ActionCall
        /// The target and the path when a host changed them; the call's otherwise (not copied from it at
        /// every step).
        var target: ActionCall.Target?
        var path: ActionPath?
        var options: JSON?
        /// The options are the call's as written (`optionsToFill`), not copied into the step: nothing in
        /// them was to be filled in.
        var optionsAsWritten: Bool
        var templateDiagnostics: [TemplateDiagnostic]
        var jason: JSON?
        var callers: [ActionPath]
        var entry: ActionPath?
    }

    @SharedBox private var members: Members

    public var target: ActionCall.Target {
        get { members.target ?? members.call.target }
        set { members.target = newValue }
    }
    /// The call as written, which the loop carries out.
    package var call: ActionCall { members.call }
    /// What carries it out (decided from the target; the loop uses its call's, decided at parse).
    package var kind: ActionKind { ActionKind(target) }
    public var path: ActionPath {
        get { members.path ?? members.call.path }
        set { members.path = newValue }
    }
    /// The options after rendering (nil when the action has none).
    public var options: JSON? {
        get { members.optionsAsWritten ? members.call.optionsToFill : members.options }
        set { (members.options, members.optionsAsWritten) = (newValue, false) }
    }
    /// Expressions that stayed unresolved or threw while rendering the options.
    package var templateDiagnostics: [TemplateDiagnostic] { members.templateDiagnostics }
    package var hasTemplateDiagnostics: Bool { !members.templateDiagnostics.isEmpty }
    /// The `$jason` the action runs with.
    public var jason: JSON? {
        get { members.jason }
        set { members.jason = newValue }
    }
    /// Where the open lambda frames were called from, outermost first.
    package var callers: [ActionPath] { members.callers }
    /// The conditional array or string template this action was chosen from, when it was (a
    /// `head.actions` entry written as `[{"{{#if …}}": …}]`, say): breakpoints on the entry stop here.
    package var entry: ActionPath? { members.entry }

    /// `options` nil with `optionsAsWritten`: the step's options are the call's as written.
    init(call: ActionCall, options: JSON?, optionsAsWritten: Bool = false,
         templateDiagnostics: [TemplateDiagnostic], jason: JSON?, callers: [ActionPath], entry: ActionPath?) {
        _members = SharedBox(wrappedValue: Members(call: call, target: nil, path: nil, options: options,
                                                   optionsAsWritten: optionsAsWritten,
                                                   templateDiagnostics: templateDiagnostics, jason: jason,
                                                   callers: callers, entry: entry))
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
