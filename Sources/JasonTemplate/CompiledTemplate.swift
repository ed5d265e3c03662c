import JasonJSON

/// A template compiled once, at load, for rendering many times: `Transformer.transform(_:data:)` without
/// looking the template up (no hashing of its JSON) on each call.
///
/// Diagnostics from rendering it are relative to the template's root, exactly as `render(template,
/// data:)` gives them; `pointer` says where the template was written, for the caller to locate them.
/// A class: an action's call hands it to every render of its options, and copying the template, its
/// pointer and its node each time retained five references.
package final class CompiledTemplate: Sendable {
    /// The template as written.
    package let template: JSON
    /// Where the template sits in its document.
    package let pointer: JSONPointer
    /// False when nothing in the template can depend on the data: its rendering is known in advance.
    package let hasExpressions: Bool
    let node: TemplateNode
    /// `ST.transform` on a template that mentions `#include` transforms only the objects holding one.
    let mentionsInclude: Bool

    package init(_ template: JSON, at pointer: JSONPointer) {
        self.template = template
        self.pointer = pointer
        mentionsInclude = TemplateText.mentionsInclude(template)
        hasExpressions = mentionsInclude || template.needsEvaluation
        node = TemplateNode(compiling: template)
    }
}

extension Transformer {
    /// Compiles `template`, written at `pointer` in its document, once.
    package func compile(_ template: JSON, at pointer: JSONPointer = .root) -> CompiledTemplate {
        CompiledTemplate(template, at: pointer)
    }

    /// The same as `render(compiled.template, data:)`.
    package func transform(_ compiled: CompiledTemplate, data: JSON) -> Transformed {
        transform(compiled, in: Scope.top(data))
    }

    /// The same in `scope`, a top-level scope a caller may have rendered something else in first (a
    /// condition): the two share one pass, and so what the engine was given for the first.
    package func transform(_ compiled: CompiledTemplate, in scope: Scope) -> Transformed {
        guard compiled.hasExpressions else { return Transformed(value: compiled.node.constantValue, diagnostics: []) }
        var run = Transformation(evaluator: evaluator)
        // Two statements: `run.finish(run.transform(…))` reads `run`'s diagnostics before the transform adds any.
        let value = run.transform(compiled.template, compiled.node, includesOnly: compiled.mentionsInclude, scope)
        return run.finish(value)
    }

    /// The branch `index` of `conditional` (as `Conditional.choose` picked it), rendered from its
    /// already compiled node: the same as `render(conditional.branches[index].value, data:)`, with
    /// diagnostics relative to the branch's value.
    package func transform(branch index: Int, of conditional: Conditional, data: JSON) -> Transformed {
        let branch = conditional.branches[index]
        var run = Transformation(evaluator: evaluator)
        let value = run.transform(branch.value, branch.node, includesOnly: branch.mentionsInclude, Scope.top(data))
        return run.finish(value, relativeTo: branch.pointer)
    }
}

extension Transformation {
    /// `ST.transform` of a compiled template: when it mentions `#include`, only the objects holding one.
    mutating func transform(_ template: JSON, _ node: TemplateNode, includesOnly: Bool, _ scope: Scope) -> JSON? {
        includesOnly ? transformIncludesOnly(template, data: scope.root) : transform(node, scope)
    }
}

extension TemplateNode {
    /// The value of a node compiled from a template without expressions.
    var constantValue: JSON? {
        if case .constant(let value) = self { return value }
        var run = Transformation(evaluator: NoEvaluator.shared)
        return run.transform(self, Scope.top(.null))
    }
}
