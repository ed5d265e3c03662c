import JasonJSON
import JasonTemplate

/// Turning the chain's next node into an action ready to perform: conditional arrays are reduced and
/// string templates filled in (R3–R5), then the options are filled in (R13).
extension Interpreter {
    /// Follows `resolution` until an action is pending or the chain's end is decided.
    func advance(_ chain: inout Chain, _ resolution: consuming Resolution) {
        var next = resolution
        var entry: ActionPath?
        while true {
            // Consumed, not copied: each turn replaces it, and a copy retained every member of the call.
            switch consume next {
            case .end:
                chain.pending = nil
                if let caller = chain.frames.last { reportNoReturn(caller) }
                return
            case .endQuietly:
                chain.pending = nil
                return
            case .fail(let diagnostic):
                chain.pending = nil
                chain.outcome = .failed(diagnostic)
                return
            case .abandon(let reason):
                chain.pending = nil
                chain.outcome = .abandoned(reason)
                return
            case .filled(let call, let options):
                pend(call, options: options, alreadyFilled: true, entry: entry, in: &chain)
                return
            case .continue(let node):
                switch node {
                case .call(let call):
                    pend(call, options: nil, alreadyFilled: false, entry: entry, in: &chain)
                    return
                case .conditional(let conditional):
                    if entry == nil { entry = conditional.path }
                    next = reduce(conditional, jason: chain.jason)
                case .template(let text, let path):
                    if entry == nil { entry = path }
                    next = actionFromTemplate(text, at: path, jason: chain.jason)
                case .empty: next = .end
                case .malformed(let diagnostic): next = .fail(diagnostic)
                }
            }
        }
    }

    /// Makes `call` the chain's pending action, its options filled in: `options` when `alreadyFilled`, else
    /// the call's own. The call and its options are handed on, not copied: the step keeps them.
    private func pend(_ call: consuming ActionCall, options: consuming JSON?, alreadyFilled: Bool,
                      entry: consuming ActionPath?, in chain: inout Chain) {
        chain.pending = prepare(call, options: options, alreadyFilled: alreadyFilled, jason: chain.jason,
                                frames: chain.frames, entry: entry)
        // Read back from the chain: a step kept in a local as well was one more reference to let go of.
        let warns = chain.pending?.hasTemplateDiagnostics == true
        notify(warns ? [.willRun, .templateWarnings] : .willRun, .willRun(chain.pending!))
    }

    /// A lambda's chain ended without `$return.*` while its caller waits with a branch to run: that branch
    /// never runs, on the phone too, and nothing else would say so.
    func reportNoReturn(_ caller: ActionCall) {
        let name = if case .trigger(let name) = caller.target { "'\(name)'" } else { "called by $lambda" }
        let waiting = caller.success != nil ? "success" : "error branch"
        state.issues.report(Diagnostic(.noReturn, .warning,
                                       "the lambda \(name) ended without $return.success or $return.error, so the \(waiting) "
                                       + "of this call never runs", at: caller.path))
    }

    /// Fills in an action's options just before it runs (R13): the call's own (`optionsToFill`), unless
    /// `alreadyFilled` gives them, filled with its branch. Options with nothing to fill stay the call's:
    /// the step reads them from there rather than holding a copy.
    func prepare(_ call: consuming ActionCall, options: consuming JSON?, alreadyFilled: Bool, jason: JSON?,
                 frames: [ActionCall], entry: consuming ActionPath?) -> ActionStep {
        let callers = frames.isEmpty ? [] : frames.map(\.path)
        if alreadyFilled {
            return ActionStep(call: call, options: options, templateDiagnostics: [],
                              jason: jason, callers: callers, entry: entry)
        }
        guard call.optionsHoldExpressions, let written = call.optionsToFill else {
            return ActionStep(call: call, options: nil, optionsAsWritten: true, templateDiagnostics: [],
                              jason: jason, callers: callers, entry: entry)
        }
        return prepareFilling(call, options: written, jason: jason, callers: callers, entry: entry)
    }

    /// The rest of `prepare`, for options that still hold expressions.
    private func prepareFilling(_ call: ActionCall, options: JSON, jason: JSON?, callers: [ActionPath],
                                entry: ActionPath?) -> ActionStep {
        let data = templateData(jason: jason)
        let filled = fill(options, of: call, data: data)
        // A trigger's options sit at `/options` of the action, its name at `/trigger`.
        let base: JSONPointer
        switch call.target {
        case .trigger: base = call.path.pointer
        case .type: base = call.path.pointer.appending("options")
        }
        let diagnostics = filled.diagnostics.map { d in
            var located = d
            var tokens = d.pointer.tokens
            if case .trigger = call.target, tokens.first == "name" { tokens[0] = "trigger" }
            located.pointer = tokens.reduce(base) { $0.appending($1) }
            // An action typed at a prompt or written in another document is located in its own source.
            let ownSource = call.path.file == document.locator.fileName || call.path.mixedInto != nil
            // Options may be partly mixed in and partly written over the mixin: each member where it was written.
            let part = ownSource ? document.locator.part(holding: located.pointer) : nil
            located.file = part?.file ?? call.path.file
            // A near miss among the names the data has: `$json` for `$jason`, `tea` for `teas` of head.data.
            if let name = d.missingVariable, !d.isInsideLoop || name.hasPrefix("$"),
               let near = Suggestion.closest(to: name, among: name.hasPrefix("$") ? ViewVariables.names + ["$root", "$index"]
                                                : data.objectValue?.keys.filter { !$0.hasPrefix("$") } ?? []) {
                located.hint = "did you mean \(near)?"
            }
            let map = part.map(\.sourceMap) ?? call.path.sourceMap ?? (ownSource ? document.locator.sourceMap : nil)
            let written = part?.sourcePointer(located.pointer) ?? call.path.sourcePointer(located.pointer)
            located.location = d.isInKey ? map?.location(ofKeyOf: written) ?? map?.location(of: written)
                : map?.location(ofOffset: d.offset, inStringAt: written) ?? map?.location(of: written)
            return located
        }
        return ActionStep(call: call, options: filled.value,
                          templateDiagnostics: diagnostics, jason: jason, callers: callers, entry: entry)
    }

    /// `options`, the call's, filled in with its compiled template when it has one.
    func fill(_ options: JSON, of call: ActionCall, data: JSON) -> Transformed {
        call.compiled.map { transformer.transform($0, data: data) } ?? transformer.transform(options, data: data)
    }

    /// The call's options filled in a render's scope already made (the condition's that chose the call's
    /// branch); the options are copied out only when they were not compiled.
    func fill(of call: ActionCall, in scope: Scope) -> Transformed {
        if let compiled = call.compiled { return transformer.transform(compiled, in: scope) }
        return transformer.transform(call.options ?? .null, data: scope.root)
    }

    /// A conditional array becomes the action of its winning branch, filled in with the register (R3).
    func reduce(_ action: ConditionalAction, jason: JSON?) -> Resolution {
        // One scope for the condition and the branch's options, as st.js renders the whole array in one pass.
        var scope = Scope.top(dataCache.lend(for: state.top.variables, jason: jason), reusing: &renderPass)
        defer { dataCache.giveBack(scope.takeThis()) }
        switch action.choose(transformer.evaluator, in: scope) {
        case .none:
            return .end
        case .unresolved(let expression, let reason):
            return .fail(Diagnostic(.unresolvedCondition, .error,
                                    "the condition {{\(expression)}} could not be evaluated (\(reason)); "
                                    + "the chain stops here", at: action.path))
        case .branch(let index):
            if let compiled = action.compiledBranch(index) { return bind(branch: compiled, in: scope) }
            let conditional = action.conditional
            let pointer = action.path.pointer.appending(index).appending(conditional.branches[index].key)
            let filled = transformer.transform(branch: index, of: conditional, data: scope.root).value ?? .null
            return parseFilled(filled, at: pointer)
        }
    }

    /// A string in action position, filled in, is the action to run (R5).
    func actionFromTemplate(_ text: String, at path: ActionPath, jason: JSON?) -> Resolution {
        let filled = transformer.fill(text, data: templateData(jason: jason)).value ?? .null
        if case .string = filled {
            return .fail(Diagnostic(.invalidAction, .error,
                                    "the template \(text) did not render to an action", at: path))
        }
        return parseFilled(filled, at: path.pointer)
    }

    func parseFilled(_ json: JSON, at pointer: JSONPointer) -> Resolution {
        do {
            return .continue(try ActionNode.parse(json, at: pointer, locator: document.locator))
        } catch {
            return .fail(error)
        }
    }

    /// Renders `template` against the view on screen with `jason` as `$jason` (the REPL's `print`).
    package func transform(_ template: JSON, jason: JSON?) -> Transformed {
        transformer.transform(template, data: templateData(jason: jason))
    }

    /// register ⊕ the variables of the view on screen: what templates are filled in against.
    package func templateData(jason: JSON?) -> JSON {
        dataCache.data(for: state.top.variables, jason: jason)
    }

    /// Where a node inside `call` was written (at its key with `atKey`); located in the document only when
    /// the call comes from it.
    func locate(_ pointer: JSONPointer, in call: ActionCall, atKey: Bool = false) -> ActionPath {
        guard call.path.file == document.locator.fileName || call.path.mixedInto != nil else {
            return ActionPath(pointer: pointer, file: call.path.file)
        }
        return atKey ? document.locator.keyPath(pointer) : document.locator.path(pointer)
    }

    /// An option the action does not take (`txt` for `text`) is warned of as `check` warns of it, at the
    /// option's key; a loop that performs the action again adds to the same warning's count.
    func warnOfUnknownOptions(_ step: ActionStep, spec: ActionSpec, type: String, in call: ActionCall) {
        guard case .object(let members)? = step.options else { return }
        for (key, message, near) in spec.unknownOptions(members, type: type) {
            let path = locate(call.path.pointer.appending("options").appending(key), in: call, atKey: true)
            let found = Diagnostic(.unknownOption, .warning, message, at: path)
            state.issues.report(found.fixing(near.map { (key, $0) }))
        }
    }

}
