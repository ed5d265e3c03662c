import JasonJSON

extension Document {
    /// What `lint` finds, with each head.actions entry's findings apart, for a caller that keeps them by
    /// the entry's text (the editor, checking at every keystroke): `skip` names the entries whose
    /// findings it has already. Nil for a document without head.actions entries.
    package func lintByEntry(skipping skip: (String) -> Bool) -> (entries: [String: [Diagnostic]], others: [Diagnostic])? {
        guard let actions = actionEntries else { return nil }
        var others = misspeltOutsideActions()
        var trail = PointerTrail()
        // The marks are of the parsed tree's containers; the document without its entries is a new tree.
        unclosedTemplates(Self.withoutActionEntries(root), at: &trail, into: &others, marks: nil)
        others += invalidUTF8()
        let marks = validMarks
        var entries: [String: [Diagnostic]] = [:]
        trail = Self.actionsTrail
        for (name, action) in actions where !skip(name) {
            var found: [Diagnostic] = []
            keys(ofEntry: name, action, into: &found)
            trail.push(name)
            unclosedTemplates(action, at: &trail, into: &found, marks: marks)
            trail.pop()
            entries[name] = found
        }
        return (entries, others)
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
