import JasonJSON

extension Document {
    /// What `lint` finds, with each head.actions entry's findings apart, for a caller that keeps them by
    /// the entry's text (the editor, checking at every keystroke): by position in head.actions, nil where
    /// `skip` says the caller has them already. Nil for a document without head.actions entries.
    package func lintByEntry(skipping skip: (Int) -> Bool) -> (entries: [[Diagnostic]?], others: [Diagnostic])? {
        guard let actions = actionEntries else { return nil }
        var others = misspeltOutsideActions()
        let marks = validMarks
        unclosedTemplatesOutsideActions(into: &others, marks: marks)
        others += invalidUTF8()
        var trail = Self.actionsTrail
        let entries = actions.enumerated().map { position, member -> [Diagnostic]? in
            guard !skip(position) else { return nil }
            var found: [Diagnostic] = []
            keys(ofEntry: member.key, member.value, into: &found)
            trail.push(member.key)
            unclosedTemplates(member.value, at: &trail, into: &found, marks: marks)
            trail.pop()
            return found
        }
        return (entries, others)
    }

    /// `unclosedTemplates` over all but head.actions' entries, walking the parsed tree itself so that the
    /// parser's marks still keep it out of plain data (a large head.data).
    func unclosedTemplatesOutsideActions(into found: inout [Diagnostic], marks: MarkedContainers?) {
        var trail = PointerTrail()
        func walk(_ members: JSONObject, except skipped: String) {
            for (key, value) in members where key != skipped {
                trail.push(key)
                unclosedTemplates(value, at: &trail, into: &found, marks: marks)
                trail.pop()
            }
        }
        guard case .object(let top) = root, case .object(let jason)? = top["$jason"],
              case .object(let head)? = jason["head"] else { return unclosedTemplates(root, at: &trail, into: &found, marks: marks) }
        walk(top, except: "$jason")
        trail.push("$jason")
        walk(jason, except: "head")
        trail.push("head")
        walk(head, except: "actions")
    }

    /// `root` with head.actions emptied: what a walk over everything but the entries covers.
    package static func withoutActionEntries(_ root: JSON) -> JSON {
        guard case .object(var top) = root, case .object(var jason)? = top["$jason"],
              case .object(var head)? = jason["head"] else { return root }
        head["actions"] = .object([:])
        jason["head"] = .object(head)
        top["$jason"] = .object(jason)
        return .object(top)
    }
}
