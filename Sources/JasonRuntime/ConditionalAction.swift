import JasonJSON
import JasonTemplate

/// A conditional array in action position, compiled at load. Choosing a branch fills it in with the
/// register (R3); when the branch has templates only inside `options` (the usual shape), that filling
/// cannot change which actions it holds, so the branch is parsed once here and choosing it at run time
/// only fills in the options of its actions.
package struct ConditionalAction: Sendable {
    /// In one shared box, as an action's members are: the loop copies a conditional at every turn.
    private struct Members {
        var conditional: Conditional
        var path: ActionPath
        var compiled: [ActionNode?]
    }

    @SharedBox private var members: Members

    package var conditional: Conditional { members.conditional }
    package var path: ActionPath { members.path }
    /// Each branch's action, parsed at load; nil where filling in may change its shape.
    var compiled: [ActionNode?] { members.compiled }

    /// The winning branch, chosen in place (through `conditional`, the whole conditional was copied out).
    func choose(_ evaluator: any ExpressionEvaluator, in scope: Scope) -> Conditional.Choice {
        members.conditional.choose(evaluator, in: scope)
    }

    /// Branch `index`'s action as parsed at load, if it was.
    func compiledBranch(_ index: Int) -> ActionNode? { members.compiled[index] }

    init(conditional: Conditional, path: ActionPath, compiled: [ActionNode?]) {
        _members = SharedBox(wrappedValue: Members(conditional: conditional, path: path, compiled: compiled))
    }

    /// True when `json` is an action whose `{{ }}` all sit inside `options` (of it or of the actions in
    /// its `success`/`error`), with no arrays in between and no `#include` anywhere.
    static func expressionsOnlyInOptions(_ json: JSON) -> Bool {
        guard case .object(let members) = json else { return false }
        for (key, value) in members {
            if key.hasTemplateMarker { return false }
            switch key {
            case "options":
                if case .string(let text) = value, text.hasTemplateMarker { return false }   // the whole options replaced
                if TemplateText.mentionsInclude(value) { return false }
            case "success", "error":
                if !value.isNull, !expressionsOnlyInOptions(value) { return false }
            default:
                if case .array = value { return false }
                if value.containsTemplateMarker { return false }
            }
        }
        return true
    }
}

extension Interpreter {
    /// Where a chain goes when it chooses a compiled branch. The usual branch, one typed action whose
    /// `success`/`error` fill in nothing, keeps its call and hands the filled options on beside it:
    /// rebuilding the call around them copied every member of it, a twelfth of our code's share of a round
    /// of the engine-bound loop. Not for `trigger` and `$lambda`, whose options to fill in are made from
    /// the written ones (`optionsToFill`).
    func bind(branch node: ActionNode, in scope: Scope) -> Resolution {
        guard case .call(let call) = node, call.fillsOptionsWithBranch else {
            return .continue(bind(node, data: scope.root))
        }
        let options = fill(of: call, in: scope).value
        if options?.containsTemplateMarker == true { return .continue(.call(call.filled(options))) }
        return .filled(call, options: options)
    }

    /// A compiled branch with the options of its actions filled in now, as filling in the whole branch
    /// would have done (expressions that stay unresolved survive for the action's own filling, R13).
    func bind(_ node: ActionNode, data: JSON) -> ActionNode {
        guard node.fillsOptions, case .call(var call) = node else { return node }
        if call.optionsHoldExpressions, let written = call.options {
            call = call.filled(fill(written, of: call, data: data).value)
        }
        call.success = call.success.map { bind($0, data: data) }
        call.error = call.error.map { bind($0, data: data) }
        return .call(call)
    }
}

extension ActionCall {
    /// The call with `options` in place of its own, filled in; what is left to fill in is filled when it runs.
    func filled(_ options: JSON?) -> ActionCall {
        var call = self
        call.options = options
        call.optionsHoldExpressions = options?.containsTemplateMarker ?? false
        return call
    }
}

extension ActionNode {
    /// Whether this call, or one in its `success`/`error`, has options to fill in.
    var fillsOptions: Bool {
        guard case .call(let call) = self else { return false }
        return call.optionsHoldExpressions || call.success?.fillsOptions == true || call.error?.fillsOptions == true
    }
}
