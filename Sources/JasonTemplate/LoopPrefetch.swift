import JasonJSON

/// An evaluator that can do a whole `#each` at once: every expression of the body for every item, in
/// the order the render would ask for them one by one.
protocol LoopPrefetching {
    /// The results item by item (`count` × `expressions.count`), nil where one was not evaluated; nil
    /// as a whole when the loop has to be evaluated one expression at a time.
    func prefetch(_ expressions: [ParsedExpression], source: ItemSource, root: JSON, scope: Scope) -> [Evaluation?]?
}

extension PathEvaluator: LoopPrefetching {
    func prefetch(_ expressions: [ParsedExpression], source: ItemSource, root: JSON, scope: Scope) -> [Evaluation?]? {
        fallback?.prefetch(expressions, source: source, root: root, scope: scope)
    }
}

/// A loop's results evaluated in advance, handed out as the render of each item asks for them.
final class PrefetchedLoop {
    let expressions: [ParsedExpression]
    let results: [Evaluation?]
    private var next = 0
    private var end = 0

    init(expressions: [ParsedExpression], results: [Evaluation?]) {
        self.expressions = expressions
        self.results = results
    }

    func start(item index: Int) {
        next = index * expressions.count
        end = next + expressions.count
    }

    /// The result for `expression` (the very slot, not just the same text) in the current item. A slot
    /// the render skipped (a value that completed its string early) is passed over; nil when there is
    /// no result left for it, and the render evaluates it itself.
    func take(_ expression: ParsedExpression) -> Evaluation? {
        let base = end - expressions.count
        while next < end {
            let position = next
            next += 1
            if expressions[position - base] === expression { return results[position] }
        }
        return nil
    }
}

extension TemplateNode {
    /// The expressions a render of this node hands to JavaScript (not plain paths or simple operations), in
    /// the order it evaluates them, when that order is always the same: nil when the node holds
    /// anything that decides what else is evaluated (a conditional, a directive, an `#include`, a key
    /// with a template, a `#?` value).
    var fixedScriptExpressions: [ParsedExpression]? {
        switch self {
        case .constant:
            return []
        case .string(let template):
            switch template.include {
            case .none: return template.slots.compactMap { $0.expression.needsEngine ? $0.expression : nil }
            case .bare: return []
            case .expression: return nil
            }
        case .array(let elements):
            var all: [ParsedExpression] = []
            for element in elements {
                guard let found = element.fixedScriptExpressions else { return nil }
                all += found
            }
            return all
        case .conditional:
            return nil
        case .object(let template):
            guard template.plainShape != nil, template.include == nil else { return nil }
            var all: [ParsedExpression] = []
            for member in template.members {
                guard case .plain(let node) = member.kind, let found = node.fixedScriptExpressions else { return nil }
                all += found
            }
            return all
        }
    }
}

extension Transformation {
    /// The loop over `source` done in one go by the evaluator, when it can and the body's expressions
    /// are always evaluated in the same order.
    func prefetch(_ body: TemplateNode, source: ItemSource, _ scope: Scope) -> PrefetchedLoop? {
        guard source.count > 1, let prefetching = evaluator as? LoopPrefetching,
              let expressions = body.fixedScriptExpressions, !expressions.isEmpty,
              let results = prefetching.prefetch(expressions, source: source, root: scope.root, scope: scope)
        else { return nil }
        return PrefetchedLoop(expressions: expressions, results: results)
    }
}
