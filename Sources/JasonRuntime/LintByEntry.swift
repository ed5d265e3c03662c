import JasonJSON

extension Document {
    /// What `lint` finds, with each head.actions entry's findings apart, for a caller that keeps them by
    /// the entry's text (the editor, checking at every keystroke): by position in head.actions, nil where
    /// `skip` says the caller has them already. Nil for a document without head.actions entries.
    package func lintByEntry(skipping skip: (Int) -> Bool) -> (entries: [[Diagnostic]?], others: [Diagnostic])? {
        guard let actions = actionEntries else { return nil }
        var others = misspeltOutsideActions()
        var trail = PointerTrail()
        // The marks are of the parsed tree's containers; the document without its entries is a new tree.
        unclosedTemplates(Self.withoutActionEntries(root), at: &trail, into: &others, marks: nil)
        others += invalidUTF8()
        let marks = validMarks
        trail = Self.actionsTrail
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
