import JasonJSON
import JasonTemplate

/// An action in the typed form the interpreter runs, parsed once from its JSON.
package indirect enum ActionNode: Sendable {
    /// `{"type": …}` or `{"trigger": …}`.
    case call(ActionCall)
    /// `[{"{{#if c}}": A}, {"{{#else}}": B}]`: reduced with the register when it becomes current (R3, R4).
    case conditional(ConditionalAction)
    /// A string that, filled in, is an action (R5).
    case template(String, ActionPath)
    /// `{}`: does nothing; the chain ends (R9).
    case empty(ActionPath)
    /// Something that cannot run: an object with neither `type` nor `trigger` (an unresolved mixin, say)
    /// or an array that is not a conditional. The reference fails only when it gets there, and real
    /// documents keep such entries in handlers that never run, so loading accepts it and running it fails.
    case malformed(Diagnostic)

    package var path: ActionPath {
        switch self {
        case .call(let call): call.path
        case .conditional(let conditional): conditional.path
        case .template(_, let path), .empty(let path): path
        case .malformed(let diagnostic):
            ActionPath(pointer: diagnostic.pointer ?? .root, file: diagnostic.file, location: diagnostic.location)
        }
    }

    /// The malformed nodes reachable from this one, as warnings for a static check.
    package var problems: [Diagnostic] {
        switch self {
        case .malformed(let diagnostic): [diagnostic]
        case .call(let call): (call.success?.problems ?? []) + (call.error?.problems ?? [])
        case .conditional, .template, .empty: []
        }
    }
}

/// What carries an action out: a handler from the registry, or the loop itself (the control actions,
/// which move the chain rather than do work). A closed set, decided when the action is parsed; action
/// types are matched as strings only there.
package enum ActionKind: Sendable, Hashable {
    /// `$set`, `$network.request`…: the registry's handler for the type.
    case handler(String)
    /// `trigger` and `$lambda`: a call with a real call stack (R11, R25).
    case call
    /// `$return.success` (true) and `$return.error` (false) (R26).
    case `return`(success: Bool)
    /// `$href` and the actions that move between views (R32–R35).
    case navigation(Navigation)
    /// `$set`: merges its options into `$get` (R29). The loop's own: the commonest action changes the
    /// state it owns directly.
    case set

    init(_ target: ActionCall.Target) {
        switch target {
        case .trigger: self = .call
        case .type(let type):
            switch type {
            case "$lambda": self = .call
            case "$set": self = .set
            case "$return.success": self = .return(success: true)
            case "$return.error": self = .return(success: false)
            default: self = Navigation(rawValue: type).map(ActionKind.navigation) ?? .handler(type)
            }
        }
    }
}

/// The actions that move between views, carried out by the loop (R32–R35, DESIGN §2.5).
package enum Navigation: String, Sendable, CaseIterable {
    case href = "$href", visit = "$visit", back = "$back", ok = "$ok", close = "$close", cancel = "$cancel"
    case home = "$home", reload = "$reload", reset = "$reset"
}

/// One action: what it does, its options (filled in just before it runs) and where it goes next.
public struct ActionCall: Sendable {
    public enum Target: Sendable, Hashable {
        case type(String)
        case trigger(String)
    }

    /// In one shared box: a call is copied at every turn of the loop, and copying its eight members each
    /// time (a dozen retains) was a sixth of an action's cost.
    private struct Members {
        var target: Target
        var kind: ActionKind
        var options: JSON?
        var optionsToFill: JSON?
        var compiled: CompiledTemplate?
        var optionsHoldExpressions: Bool
        var success: ActionNode?
        var error: ActionNode?
        var path: ActionPath
    }

    @SharedBox private var members: Members

    package var target: Target { members.target }
    /// What carries the action out, decided from the target when the call is made.
    package var kind: ActionKind { members.kind }
    package var options: JSON? {
        get { members.options }
        set { (members.options, members.optionsToFill, members.compiled) = (newValue, Self.toFill(target, newValue), nil) }
    }
    /// The options as they are filled in: a trigger's are `$lambda`'s, `{name, options}` (R11), made once
    /// rather than at every call; `$lambda` always has options.
    var optionsToFill: JSON? { members.optionsToFill }
    /// The options of a typed action compiled at load, while they hold expressions.
    var compiled: CompiledTemplate? { members.compiled }
    /// False when the options (and a trigger's name) hold no `{{`, so filling in can be skipped.
    package var optionsHoldExpressions: Bool {
        get { members.optionsHoldExpressions }
        set { members.optionsHoldExpressions = newValue }
    }
    package var success: ActionNode? {
        get { members.success }
        set { members.success = newValue }
    }
    package var error: ActionNode? {
        get { members.error }
        set { members.error = newValue }
    }
    package var path: ActionPath { members.path }

    /// Whether its options can be filled in with the branch that chose it (`bind(branch:in:)`): they hold
    /// expressions, it is no `$lambda`, and nothing after it fills options of its own. Read in place (the
    /// members asked one by one were each copied out).
    var fillsOptionsWithBranch: Bool {
        guard members.optionsHoldExpressions, members.options != nil else { return false }
        if case .call = members.kind { return false }
        return members.success?.fillsOptions != true && members.error?.fillsOptions != true
    }

    /// A call with no continuation: a trigger here can reuse the caller's frame (tail call).
    package var isTail: Bool { success == nil && error == nil }

    /// `compiling` false leaves the options as written (a static check, which never runs them).
    package init(target: Target, options: JSON?, optionsHoldExpressions: Bool, success: ActionNode?, error: ActionNode?,
                path: ActionPath, compiling: Bool = true) {
        _members = SharedBox(wrappedValue: Members(target: target, kind: ActionKind(target), options: options,
                                                   optionsToFill: Self.toFill(target, options), compiled: nil,
                                                   optionsHoldExpressions: optionsHoldExpressions, success: success,
                                                   error: error, path: path))
        if compiling { compileOptions() }
    }

    /// Options with expressions are compiled once. Options without any are filled in now, once: st.js
    /// still transforms them (falsy array items dropped, T6), and the result cannot depend on the data.
    private mutating func compileOptions() {
        guard let options else { return }
        let compiled = CompiledTemplate(options, at: path.pointer.appending("options"))
        if !compiled.hasExpressions {
            self.options = Self.constants.transform(compiled, data: .null).value
        } else if case .type = target {
            members.compiled = compiled
        }
    }

    private static let constants = Transformer()

    private static func toFill(_ target: Target, _ options: JSON?) -> JSON? {
        switch target {
        case .trigger(let name):
            var wrapped: JSONObject = ["name": .string(name)]
            if let options { wrapped["options"] = options }
            return .object(wrapped)
        case .type("$lambda"): return options ?? .object([:])
        case .type: return options
        }
    }
}

extension ActionNode {
    /// Parses an action written at `pointer`. Branches are parsed too, so a bad action anywhere in a chain
    /// is found before anything runs.
    /// `compiling` false skips compiling the options' templates, which only running needs.
    package static func parse(_ json: JSON, at pointer: JSONPointer, locator: SourceLocator, compiling: Bool = true)
        throws(Diagnostic) -> ActionNode
    {
        try parse(json, at: pointer, locator: locator, compiling: compiling, lenient: false)
    }

    /// The same tree for a static check, which goes on past what loading stops at: a node that would fail
    /// to load is `.malformed` with loading's finding, and its siblings and branches are still parsed.
    package static func parseForCheck(_ json: JSON, at pointer: JSONPointer, locator: SourceLocator) -> ActionNode {
        (try? parse(json, at: pointer, locator: locator, compiling: false, lenient: true)) ?? .malformed(
            invalid("this action could not be read", at: locator.path(pointer)))
    }

    static func parse(_ json: JSON, at pointer: JSONPointer, locator: SourceLocator, compiling: Bool, lenient: Bool)
        throws(Diagnostic) -> ActionNode
    {
        guard lenient else { return try parseNode(json, at: pointer, locator: locator, compiling: compiling, lenient: false) }
        do { return try parseNode(json, at: pointer, locator: locator, compiling: compiling, lenient: true) } catch {
            return .malformed(error)
        }
    }

    private static func parseNode(_ json: JSON, at pointer: JSONPointer, locator: SourceLocator, compiling: Bool, lenient: Bool)
        throws(Diagnostic) -> ActionNode
    {
        let path = locator.path(pointer)
        switch json {
        case .object(let members):
            if members.isEmpty { return .empty(path) }
            let target: ActionCall.Target
            if let trigger = members["trigger"] {
                guard case .string(let name) = trigger else {
                    throw invalid("'trigger' must be a string naming an action in head.actions, found \(trigger.kindName)",
                                  at: locator.path(pointer.appending("trigger")))
                }
                target = .trigger(name)
            } else if let type = members["type"] {
                guard case .string(let name) = type else {
                    throw invalid("'type' must be a string such as \"$util.alert\", found \(type.kindName)",
                                  at: locator.path(pointer.appending("type")))
                }
                target = .type(name)
            } else if let (key, _) = MixinReference.find(in: members) {
                return .malformed(invalid("this action is a mixin (\"\(key)\": \(members[key]!)) that was not resolved: mixins "
                                          + "are resolved as a document loads, from a URL, PATH@URL or $document.PATH",
                                          at: path))
            } else {
                let problem = untargeted(members)
                let finding = invalid(problem.message, at: problem.key.map { locator.keyPath(pointer.appending($0)) } ?? path)
                return .malformed(finding.fixing(problem.fix))
            }
            let options = members["options"]
            var needsFilling = options?.containsTemplateMarker ?? false
            if case .trigger(let name) = target, name.hasTemplateMarker { needsFilling = true } // S9
            return .call(ActionCall(
                target: target, options: options, optionsHoldExpressions: needsFilling,
                success: try branch(members["success"], at: pointer.appending("success"), locator: locator, compiling: compiling,
                                    lenient: lenient),
                error: try branch(members["error"], at: pointer.appending("error"), locator: locator, compiling: compiling,
                                  lenient: lenient),
                path: path, compiling: compiling))
        case .array(let elements):
            guard let conditional = Conditional(elements) else {
                if let (i, key, near) = misspeltBranch(elements) {
                    return .malformed(invalid("\"\(key)\" is not a branch of a conditional; did you mean {{\(near) …}}?",
                                              at: locator.keyPath(pointer.appending(i).appending(key))))
                }
                return .malformed(invalid("an array in action position must be a conditional: [{\"{{#if …}}\": action}, "
                              + "{\"{{#elseif …}}\": action}, {\"{{#else}}\": action}]; an array is never a sequence", at: path))
            }
            var compiled: [ActionNode?] = []
            for (i, branch) in conditional.branches.enumerated() {
                let node = try parse(branch.value, at: pointer.appending(i).appending(branch.key), locator: locator,
                                     compiling: compiling, lenient: lenient)
                compiled.append(ConditionalAction.expressionsOnlyInOptions(branch.value) ? node : nil)
            }
            return .conditional(ConditionalAction(conditional: conditional, path: path, compiled: compiled))
        case .string(let text):
            return .template(text, path)
        case .null, .bool, .int, .double:
            throw invalid("an action must be an object or a conditional array, found \(json.kindName)", at: path)
        }
    }

    /// What to say of an object in action position with neither `type` nor `trigger` (nor a mixin), one
    /// wording for a run and `check`: where (a key, or the object itself) and the fix when there is one.
    package static func untargeted(_ members: JSONObject) -> (message: String, key: String?, fix: (old: String, new: String)?) {
        // `{"{{#if c}}": action}`: a conditional written as an object rather than an array of branches.
        if let key = members.keys.first(where: { Conditional.directiveName($0).map(Document.branchNames.contains) ?? false }) {
            return ("\"\(key)\" makes this a conditional, and a conditional is an array of branches: "
                    + "[{\"{{#if …}}\": action}, {\"{{#else}}\": action}], not an object", key, nil)
        }
        // `"typ"` for `"type"`: said at the key, not at the object.
        if let (key, near) = misspeltTarget(in: members) {
            return ("an action needs a 'type' or a 'trigger'; did you mean \"\(near)\" for \"\(key)\"?", key, (key, near))
        }
        return ("an action needs a 'type' or a 'trigger'", nil, nil)
    }

    /// A key one typo from `type` or `trigger` (`"typ"`), and the one meant, in an action that has neither.
    package static func misspeltTarget(in members: JSONObject) -> (key: String, meant: String)? {
        members.keys.lazy.compactMap { key in Suggestion.closest(to: key, among: ["type", "trigger"]).map { (key, $0) } }.first
    }

    /// The first branch of a would-be conditional whose keyword is one typo from `#if`, `#elseif` or `#else`.
    static func misspeltBranch(_ elements: [JSON]) -> (Int, String, String)? {
        for (i, element) in elements.enumerated() {
            guard case .object(let arms) = element, arms.count == 1, let key = arms.keys.first,
                  let name = Conditional.directiveName(key), !["#if", "#elseif", "#else"].contains(name),
                  let near = Suggestion.closest(to: name, among: ["#if", "#elseif", "#else"]) else { continue }
            return (i, key, near)
        }
        return nil
    }

    static func branch(_ json: JSON?, at pointer: JSONPointer, locator: SourceLocator, compiling: Bool, lenient: Bool = false)
        throws(Diagnostic) -> ActionNode?
    {
        guard let json, !json.isNull else { return nil }
        return try parse(json, at: pointer, locator: locator, compiling: compiling, lenient: lenient)
    }

    static func invalid(_ message: String, at path: ActionPath) -> Diagnostic {
        Diagnostic(.invalidAction, .error, message, at: path)
    }
}
