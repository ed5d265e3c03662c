import JasonJSON
import JasonTemplate

/// Mistakes a document can make without being invalid: a misspelt key that leaves a part of it unused
/// (`"action"` for `"actions"`, `"$lod"` for `"$load"`, `"sucess"`), and a `{{` never closed, which is
/// plain text rather than a template. Warnings only: the document still runs as written.
extension Document {
    static let jasonKeys = ["head", "body"]
    static let headKeys = ["title", "description", "icon", "offline", "styles", "data", "templates", "actions",
                           "agents", "type"]
    /// The system events a document may handle in `head.actions`.
    static let events = ["$load", "$show", "$foreground", "$background", "$pull"]
    static let actionKeys = ["type", "options", "success", "error", "trigger"]
    /// Words beginners write for an action's keys, from other languages' callbacks and promises.
    static let actionKeySynonyms = ["next": "success", "then": "success", "done": "success", "onsuccess": "success",
                                    "callback": "success", "catch": "error", "fail": "error", "failure": "error",
                                    "onerror": "error", "params": "options", "args": "options", "arguments": "options",
                                    "action": "type", "name": "trigger", "call": "trigger"]

    /// Every such mistake, in document order, each located and with a did-you-mean.
    package func lint() -> [Diagnostic] {
        var found = misspeltOutsideActions()
        if let actions = actionEntries {
            for (name, action) in actions { keys(ofEntry: name, action, into: &found) }
        } else if bareAction != nil {
            var trail = PointerTrail()
            checkAction(root, at: &trail) { unknownOnAction($0, on: $1, into: &found) }
        }
        var trail = PointerTrail()
        unclosedTemplates(root, at: &trail, into: &found, marks: validMarks)
        found += invalidUTF8()
        return found
    }

    /// The parser's marks, when they are of this tree.
    var validMarks: MarkedContainers? { marks.flatMap { $0.covers(root) ? $0 : nil } }

    /// The entries of `head.actions` in a `$jason` document.
    var actionEntries: JSONObject? {
        guard case .object(let top) = root, case .object(let jason)? = top["$jason"],
              case .object(let head)? = jason["head"], case .object(let actions)? = head["actions"] else { return nil }
        return actions
    }

    /// The way down to head.actions, for walks that start there.
    package static let actionsTrail = {
        var trail = PointerTrail()
        for token in ["$jason", "head", "actions"] { trail.push(token) }
        return trail
    }()

    /// Misspelt keys of `$jason` and of `head`. Only keys close to a known one: other keys are the
    /// author's own (and Jasonette ignores them).
    func misspeltOutsideActions() -> [Diagnostic] {
        var found: [Diagnostic] = []
        guard case .object(let top) = root, case .object(let jason)? = top["$jason"] else { return found }
        let jasonPointer = JSONPointer.root.appending("$jason")
        for key in jason.keys { misspelt(key, Self.jasonKeys, at: jasonPointer.appending(key), into: &found) }
        if case .object(let head)? = jason["head"] {
            let headPointer = jasonPointer.appending("head")
            for key in head.keys { misspelt(key, Self.headKeys, at: headPointer.appending(key), into: &found) }
        }
        return found
    }

    /// A head.actions entry's keys: a misspelt event name, and keys its actions do not read.
    func keys(ofEntry name: String, _ action: JSON, into found: inout [Diagnostic]) {
        var trail = Self.actionsTrail
        trail.push(name)
        if name.hasPrefix("$") { misspelt(name, Self.events, at: trail.pointer, into: &found) }
        checkAction(action, at: &trail) { unknownOnAction($0, on: $1, into: &found) }
    }

    func misspelt(_ key: String, _ known: [String], at pointer: JSONPointer, into found: inout [Diagnostic]) {
        guard !known.contains(key), let near = Suggestion.closest(to: key, among: known) else { return }
        var finding = Diagnostic(.unknownKey, .warning, "unknown key \"\(key)\"; did you mean \"\(near)\"?",
                                 at: locator.path(pointer))
        finding.fix = locator.keyPath(pointer).location.map { Fix(at: $0, key, near) }
        found.append(finding)
    }

    /// An action reads five keys: any other (`"next"` for `"success"`) is a mistake that would pass in
    /// silence, unless it is plainly a note (`"_comment"`, `"//"`).
    func unknownOnAction(_ key: String, on action: PointerTrail, into found: inout [Diagnostic]) {
        guard !Self.actionKeys.contains(key), !key.hasPrefix("_"), !key.hasPrefix("//"), !key.hasPrefix("#"),
              !key.lowercased().hasPrefix("comment") else { return }
        let pointer = action.pointer.appending(key)
        let near = Suggestion.closest(to: key, among: Self.actionKeys) ?? Self.actionKeySynonyms[key.lowercased()]
        let message = if let near {
            "unknown key \"\(key)\" on an action; did you mean \"\(near)\"?"
        } else {
            "unknown key \"\(key)\" on an action: an action reads only type, options, success, error and trigger"
        }
        let finding = Diagnostic(.unknownKey, .warning, message, at: locator.keyPath(pointer))
        found.append(near.map { finding.fixing(key, to: $0) } ?? finding)
    }

    /// Strings whose bytes are not UTF-8: the parser read each bad sequence as U+FFFD.
    func invalidUTF8() -> [Diagnostic] {
        guard let file = locator.sourceMap?.file else { return [] }
        return InvalidUTF8.find(in: file.bytes).map { bad in
            let times = bad.replacements == 1 ? "1 sequence" : "\(bad.replacements) sequences"
            return Diagnostic(.invalidUTF8, .warning,
                              "\(bad.inMemberName ? "member name" : "string") is not valid UTF-8: \(times) of bad bytes "
                              + "read as U+FFFD (\u{FFFD})",
                              file: locator.fileName, location: file.location(ofOffset: bad.offset), pointer: bad.pointer)
        }
    }

    /// Keys of an action object, and of the actions in its branches and conditional arrays. Every action
    /// is visited before each run: the pointer is made only for a key that is reported.
    func checkAction(_ json: JSON, at trail: inout PointerTrail, _ unknownKey: (String, PointerTrail) -> Void) {
        switch json {
        case .object(let members) where members["type"] != nil || members["trigger"] != nil:
            for key in members.keys { unknownKey(key, trail) }
            for branch in ["success", "error"] {
                guard let next = members[branch] else { continue }
                trail.push(branch)
                checkAction(next, at: &trail, unknownKey)
                trail.pop()
            }
        case .array(let cases):
            for (i, entry) in cases.enumerated() {
                guard case .object(let arms) = entry else { continue }
                for (condition, action) in arms {
                    trail.push(i)
                    trail.push(condition)
                    checkAction(action, at: &trail, unknownKey)
                    trail.pop()
                    trail.pop()
                }
            }
        default:
            break
        }
    }

    /// Strings whose last `{{` has no `}}` after it on the same line, and arrays meant as conditionals
    /// that are not one. This runs before each run, so it builds no pointer until it has something to
    /// report, and, given the parser's `marks`, enters only the containers that hold a `{` or a `#`.
    func unclosedTemplates(_ json: JSON, at trail: inout PointerTrail, into found: inout [Diagnostic],
                           marks: MarkedContainers?) {
        if let marks, !marks.mayHoldMarks(json) { return }
        switch json {
        case .string(let text):
            guard text.leavesTemplateOpen else { return }
            let shown = text.count > 40 ? String(text.prefix(37)) + "..." : text
            found.append(Diagnostic(.unclosedTemplate, .warning,
                                    "\"\(shown)\" opens {{ and never closes it on that line; it is plain text, not a template",
                                    at: locator.path(trail.pointer)))
        case .array(let items):
            if Self.looksConditional(items) { conditionalShape(items, at: trail.pointer, into: &found) }
            for (i, item) in items.enumerated() {
                trail.push(i)
                unclosedTemplates(item, at: &trail, into: &found, marks: marks)
                trail.pop()
            }
        case .object(let members):
            for (key, value) in members {
                trail.push(key)
                unclosedTemplates(value, at: &trail, into: &found, marks: marks)
                trail.pop()
            }
        default:
            break
        }
    }
}
