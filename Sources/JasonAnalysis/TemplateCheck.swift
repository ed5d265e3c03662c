import JasonJSON
import JasonRuntime
import JasonTemplate

extension Pass {
    /// Every string and key of the document: JavaScript in `{{ }}` that does not compile. (Arrays meant
    /// as conditionals are judged by `Document.lint`, as a run judges them.)
    mutating func templates(_ json: JSON, at trail: inout PointerTrail, inLoop: Bool = false) {
        switch json {
        case .string(let text):
            scripts(in: text, at: trail, isKey: false, inLoop: inLoop)
        case .array(let elements):
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
        guard text.utf8.contains(UInt8(ascii: "{")) else { return }
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
            if let (name, near) = nearName(in: script, inLoop: inLoop) {
                let pointer = trail.pointer
                let start = Array(text.utf8)[..<min(slot.offset, text.utf8.count)]
                let head = String(decoding: start, as: UTF8.self)
                let rest = String(text.dropFirst(head.count))
                let fixed = rest.range(of: name).map { head + rest.replacingCharacters(in: $0, with: near) }
                var finding = Diagnostic(.template, .warning,
                                         "{{\(slot.script.trimmedSpaces)}} names \(name), which "
                                         + (name.hasPrefix("$") ? "is not one of the view's variables" : "the document's data does not have")
                                         + "; did you mean \(near)?",
                                         file: locator.path(pointer).file, location: location(ofSlotAt: slot.offset, in: pointer, isKey: isKey),
                                         pointer: pointer)
                let tokenAt = isKey ? locator.keyPath(pointer).location : locator.path(pointer).location
                if let fixed, let tokenAt { finding.fix = Fix(at: tokenAt, text, fixed) }
                found.append(finding)
            }
            // What Swift parses compiles: JavaScriptCore is not loaded for it.
            guard !script.isEmpty, let error = analyzer.verdicts.syntaxError(in: script, engine: analyzer.engine) else { continue }
            let pointer = trail.pointer
            let message = slot.script.hasTemplateMarker ? TemplateDiagnostic.runsOn(slot.script, error)
                : "{{\(slot.script)}} is not JavaScript that compiles: \(error)"
            found.append(Diagnostic(.scriptSyntax, .error, message,
                                    file: locator.path(pointer).file, location: location(ofSlotAt: slot.offset, in: pointer, isKey: isKey),
                                    pointer: pointer))
        }
    }

    /// `{{$json.x}}` for `$jason`, or `{{tea}}` where head.data has `teas`: the name an expression
    /// starts with, when nothing defines it and a name a typo away exists (a run says the same when it
    /// throws). Data names are judged outside loops only, and not when the document `$require`s
    /// scripts, whose globals are names too.
    func nearName(in script: String, inLoop: Bool) -> (name: String, near: String)? {
        let name = String(script.prefix { $0 == "_" || $0 == "$" || $0.isLetter || $0.isNumber })
        if name.hasPrefix("$") {
            let known = ViewVariables.names + ["$root", "$index"]
            guard !known.contains(name) else { return nil }
            return Suggestion.closest(to: name, among: known).map { (name, $0) }
        }
        guard !inLoop, !dataNames.isEmpty, typesByGroup["$require"] == nil else { return nil }
        guard let first = name.first, !first.isNumber, !dataNameSet.contains(name),
              !Self.scriptNames.contains(name), script.dropFirst(name.count).first != "(" else { return nil }
        return Suggestion.closest(to: name, among: dataNames).map { (name, $0) }
    }

    /// Words and globals of JavaScript an expression may start with.
    static let scriptNames: Set<String> = ["this", "true", "false", "null", "undefined", "typeof", "new", "void", "function",
                                           "Math", "JSON", "Date", "String", "Number", "Array", "Object", "Boolean",
                                           "RegExp", "parseInt", "parseFloat", "isNaN", "encodeURIComponent",
                                           "decodeURIComponent", "Infinity", "NaN"]

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
}
