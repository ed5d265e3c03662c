import JasonJSON

/// Every action a document holds, where it was written: for breakpoints by line (a line maps to the
/// action that starts on it, or the next one) and for showing the source around an action.
extension Document {
    /// The calls of `head.actions` (and the bare action), their `success`/`error` and the branches of
    /// conditional arrays, in the order they were written.
    package var actionPaths: [ActionPath] {
        var paths: [ActionPath] = []
        var nodes = actions.keys.sorted().compactMap { actions[$0] } + (bareAction.map { [$0] } ?? [])
        while let node = nodes.popLast() {
            switch node {
            case .call(let call):
                paths.append(call.path)
                nodes += [call.success, call.error].compactMap { $0 }
            case .conditional(let conditional):
                paths.append(conditional.path)
                for (i, branch) in conditional.conditional.branches.enumerated() {
                    let pointer = conditional.path.pointer.appending(i).appending(branch.key)
                    if let parsed = conditional.compiled[i] ?? (try? ActionNode.parse(branch.value, at: pointer, locator: locator)) {
                        nodes.append(parsed)
                    }
                }
            case .template(_, let path):
                paths.append(path)
            case .empty, .malformed:
                break
            }
        }
        return paths.filter { $0.location != nil }.sorted { ($0.location!.line, $0.location!.column) < ($1.location!.line, $1.location!.column) }
    }

    /// The first action written on `line` or, when none starts there, on the nearest line after it.
    package func action(onOrAfter line: Int) -> ActionPath? {
        actionPaths.first { $0.file == fileName && $0.location!.line >= line }
    }

    /// Where a breakpoint on `line` of `file` (the document's own, or a mixin file's it was assembled
    /// from) goes: the innermost action whose object holds the line (its `"type"` line is where people
    /// click), or, for a line outside every action, the next action written.
    package func action(forLine line: Int, in file: String? = nil) -> ActionPath? {
        let paths = actionPaths.filter { $0.file == (file ?? fileName) }
        if let starting = paths.first(where: { $0.location!.line == line }) { return starting }
        let holding = paths.last { path in
            path.location!.line < line
                && (path.sourceMap ?? locator.sourceMap)?.lines(of: path.sourcePointer(path.pointer))?.contains(line) == true
        }
        return holding ?? paths.first { $0.location!.line >= line }
    }

    /// The mixin file among those the document was assembled from that `matches` names.
    package func mixinFile(where matches: (String) -> Bool) -> String? {
        mixinSources.map(\.name).first(where: matches)
    }

    /// Lines `range` of the document's source, numbered; empty when it has no source.
    package func sourceLines(_ range: ClosedRange<Int>) -> [(number: Int, text: String)] {
        guard let file = locator.sourceMap?.file else { return [] }
        let last = file.lineCount
        guard last >= 1 else { return [] }
        let lines = max(1, range.lowerBound)...min(last, max(1, range.upperBound))
        return lines.map { ($0, file.lineText($0)) }
    }
}
