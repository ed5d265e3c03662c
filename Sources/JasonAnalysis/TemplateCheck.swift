import JasonJSON
import JasonRuntime
import JasonTemplate

extension Pass {
    /// Every string and key of the document: JavaScript in `{{ }}` that does not compile, and arrays
    /// meant as conditionals that st.js will not take as one (or takes with branches it never reaches).
    mutating func templates(_ json: JSON, at trail: inout PointerTrail, inLoop: Bool = false) {
        switch json {
        case .string(let text):
            scripts(in: text, at: trail, isKey: false, inLoop: inLoop)
        case .array(let elements):
            if looksConditional(elements) { conditionalShape(elements, at: trail.pointer) }
            for (i, element) in elements.enumerated() {
                trail.push(i)
                templates(element, at: &trail, inLoop: inLoop)
                trail.pop()
            }
        case .object(let members):
            for (key, value) in members {
                trail.push(key)
                scripts(in: key, at: trail, isKey: true, inLoop: inLoop)
                templates(value, at: &trail, inLoop: inLoop || Conditional.directiveName(key) == "#each")
                trail.pop()
            }
        case .null, .bool, .int, .double:
            break
        }
    }

    static let compiledDirectives: Set<String> = ["#if", "#elseif", "#each", "#include", "#?"]

    mutating func scripts(in text: String, at trail: PointerTrail, isKey: Bool, inLoop: Bool = false) {
        for slot in ExpressionScan.slots(in: text) {
            if let directive = slot.directive, !Self.compiledDirectives.contains(directive.lowercased()) { continue }
            let script = slot.script.trimmedSpaces
            if inLoop, let name = Self.rootOnlyName(in: script) {
                let pointer = trail.pointer
                found.append(Diagnostic(.loopScope, .warning,
                                        "inside {{#each}} the names are the current item's, so \(name) is not there: write $root.\(name)",
                                        file: locator.path(pointer).file, location: location(ofSlotAt: slot.offset, in: pointer, isKey: isKey),
                                        pointer: pointer))
            }
            // What Swift parses compiles: JavaScriptCore is not loaded for it.
            guard !script.isEmpty, ParsedExpression(script).needsEngine,
                  let error = analyzer.engine.syntaxError(in: script) else { continue }
            let pointer = trail.pointer
            found.append(Diagnostic(.scriptSyntax, .error, "{{\(slot.script)}} is not JavaScript that compiles: \(error)",
                                    file: locator.path(pointer).file, location: location(ofSlotAt: slot.offset, in: pointer, isKey: isKey),
                                    pointer: pointer))
        }
    }

    static let branchNames = ["#if", "#elseif", "#else"]

    /// The first of the document's own variables (`$get`, `$global`…) an expression names bare, not
    /// as `$root.$get` or a member of something else.
    static func rootOnlyName(in script: String) -> String? {
        func isNamePart(_ c: Character?) -> Bool { c.map { $0 == "_" || $0 == "$" || $0.isLetter || $0.isNumber } ?? false }
        for name in ViewVariables.names {
            for range in script.ranges(of: name) {
                let before = range.lowerBound > script.startIndex ? script[script.index(before: range.lowerBound)] : nil
                let after = range.upperBound < script.endIndex ? script[range.upperBound] : nil
                if before != ".", !isNamePart(before), !isNamePart(after) { return name }
            }
        }
        return nil
    }

    /// An array whose elements use `#if`/`#elseif`/`#else` keys (or keys one typo away from them).
    func looksConditional(_ elements: [JSON]) -> Bool {
        elements.contains { element in
            element.objectValue?.keys.contains { key in
                guard key.utf8.contains(UInt8(ascii: "#")) else { return false }
                guard let name = ExpressionScan.directive(key)?.name.lowercased() else { return false }
                return Self.branchNames.contains(name) || Suggestion.closest(to: name, among: Self.branchNames) != nil
            } ?? false
        }
    }

    mutating func conditionalShape(_ elements: [JSON], at pointer: JSONPointer) {
        var elseAt: Int?
        for (i, element) in elements.enumerated() {
            let at = pointer.appending(i)
            guard case .object(let members) = element, members.count == 1, let key = members.keys.first else {
                report(.conditionalShape, .error,
                       "each branch of a conditional is an object with one key ({\"{{#elseif …}}\": action}), found \(element.objectValue.map { "\($0.count) keys" } ?? element.kindName)",
                       at: at)
                continue
            }
            let keyAt = at.appending(key)
            guard let directive = ExpressionScan.directive(key) else {
                report(.conditionalShape, .error, "\"\(key)\" is not a branch: a conditional's keys are {{#if …}}, {{#elseif …}} and {{#else}}",
                       atKeyOf: keyAt)
                continue
            }
            let name = directive.name.lowercased()
            if let first = elseAt {
                report(.unreachableBranch, .error, name == "#else"
                       ? "a second {{#else}}: the one in branch \(first) already catches everything, so this branch is never reached"
                       : "this branch comes after the {{#else}} of branch \(first) and is never reached (#else must be last)",
                       atKeyOf: keyAt)
                continue
            }
            switch name {
            case "#if" where i == 0, "#elseif" where i > 0:
                if directive.expression.trimmedSpaces.isEmpty {
                    report(.conditionalShape, .error, "\(directive.name) needs a condition: {{\(directive.name) EXPRESSION}}", atKeyOf: keyAt)
                }
            case "#else" where i > 0:
                elseAt = i
            case "#if":
                report(.conditionalShape, .error, "only the first branch is {{#if …}}; this one should be {{#elseif …}}", atKeyOf: keyAt)
            case "#elseif", "#else":
                report(.conditionalShape, .error, "a conditional starts with {{#if …}}, not \(directive.name)", atKeyOf: keyAt)
            default:
                var message = "\(directive.name) is not a conditional branch"
                if let near = Suggestion.closest(to: name, among: Self.branchNames) { message += "; did you mean \(near)?" }
                report(.conditionalShape, .error, message, atKeyOf: keyAt)
            }
        }
    }
}
