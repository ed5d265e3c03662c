import JasonJSON
import JasonRuntime

/// One pass's use of its analyzer's `EntryMemo`: head.actions judged entry by entry, each entry written
/// as at the last check taken from the memo. The whole-document walks cover the rest of the document
/// (`rest`); `file://` references are still looked for everywhere, since the files may have changed.
struct EntryReuse {
    private let memo: EntryMemo
    private let fileName: String
    private let file: SourceFile
    private var kept: EntryMemo.File
    /// head.actions in order, each with its bytes from its name to its value's end; `kept.entries` holds
    /// the memo's entry for each, at the same position.
    private let entries: [(name: String, json: JSON, extent: Range<Int>)]
    /// The document with head.actions emptied.
    let rest: JSON
    /// The entries' findings about their templates, added after the whole-document walk's own.
    private(set) var templateFindings: [Diagnostic] = []
    private(set) var alwaysCalls: [String: (callee: String, at: JSONPointer)] = [:]

    /// Nil when the document's entries cannot be told apart by their text (a single action, parts mixed
    /// in from other files, no source map). Entries whose text changed are forgotten here.
    init?(memo: EntryMemo, root: JSON, locator: SourceLocator) {
        guard root["$jason"] != nil, locator.mixedParts.isEmpty, let map = locator.sourceMap, let fileName = locator.fileName,
              case .object(let actions)? = root.value(at: Pass.actionsPointer),
              let members = map.members(ofObjectAt: Pass.actionsPointer) else { return nil }
        var entries: [(name: String, json: JSON, extent: Range<Int>)] = []
        entries.reserveCapacity(actions.count)
        if members.count == actions.count, zip(members, actions.keys).allSatisfy({ $0.name == $1 }) {
            for (member, json) in zip(members, actions.values) { entries.append((member.name, json, member.extent)) }
        } else {
            // A name written twice: the parsed object holds the last one's value, where the first one stood.
            var extents: [String: Range<Int>] = [:]
            for member in members { extents[member.name] = member.extent }
            for (name, json) in actions {
                guard let extent = extents[name] else { return nil }
                entries.append((name, json, extent))
            }
        }
        (self.memo, self.fileName, file, self.entries) = (memo, fileName, map.file, entries)
        rest = Document.withoutActionEntries(root)
        kept = memo.take(fileName)
        kept.entries = Self.match(entries, kept.entries, in: map.file.bytes)
    }

    /// The memo's entry for each of `entries`, where its text is unchanged; a new one otherwise. An edit
    /// seldom adds, removes or renames an entry, so each is looked for at its own position first.
    private static func match(_ entries: [(name: String, json: JSON, extent: Range<Int>)], _ known: [EntryMemo.Entry],
                              in bytes: [UInt8]) -> [EntryMemo.Entry] {
        var byName: [String: EntryMemo.Entry]?
        return entries.enumerated().map { position, entry in
            var candidate = position < known.count && known[position].name == entry.name ? known[position] : nil
            if candidate == nil {
                byName = byName ?? Dictionary(known.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
                candidate = byName?[entry.name]
            }
            if var candidate, candidate.isWritten(as: bytes, entry.extent) {
                // Moved to this text, so that only the newest text is kept.
                (candidate.source, candidate.extent) = (bytes, entry.extent)
                return candidate
            }
            var calls = EntryMemo.Calls()
            calls.collect(entry.json)
            calls.always = Pass.unconditionalCall(entry.json, at: Pass.actionsPointer.appending(entry.name))
            return EntryMemo.Entry(name: entry.name, source: bytes, extent: entry.extent, calls: calls)
        }
    }

    /// Whether the entry at `position` loaded as written at an earlier check, so a load may skip it.
    func loads(_ position: Int) -> Bool {
        position < kept.entries.count && kept.entries[position].loads
    }

    /// The document loaded without error: each of its entries loads as written.
    mutating func loaded() {
        for position in kept.entries.indices { kept.entries[position].loads = true }
    }

    /// `Document.lint`'s findings, each unchanged entry's from the memo.
    mutating func lint(_ document: Document) -> [Diagnostic]? {
        guard let (fresh, others) = document.lintByEntry(skipping: { kept.entries[$0].lint != nil }) else { return nil }
        var found = others
        for (position, entry) in entries.enumerated() {
            if let judged = fresh[position] {
                let lint = located(judged, entry)
                kept.entries[position].lint = lint
                found += judged
            } else if let known = kept.entries[position].lint {
                found += placed(known, entry)
            }
        }
        return found
    }

    /// Adds each entry's calls and types to the pass's.
    mutating func collectCalls(into pass: inout Pass) {
        alwaysCalls.reserveCapacity(entries.count)
        for (entry, slot) in zip(entries, kept.entries) {
            pass.absorb(slot.calls)
            alwaysCalls[entry.name] = slot.calls.always
        }
    }

    /// Each entry's findings, appended to the pass's (those about templates kept for later): the memo's,
    /// moved to where the entry now is, when it was judged in the same context.
    mutating func judge(in pass: inout Pass) {
        let context = EntryMemo.Context(dataNames: pass.dataNames, templates: pass.templateNames,
                                        usesRequire: pass.typesByGroup["$require"] != nil)
        let sameContext = kept.context == context
        let namesChanged = kept.actionNames != pass.actionNames
        let typesBefore = kept.typesByGroup
        (kept.context, kept.actionNames, kept.typesByGroup) = (context, pass.actionNames, pass.typesByGroup)
        kept.reused = 0
        for (position, entry) in entries.enumerated() {
            let slot = kept.entries[position]
            let inLambda = pass.callsByTemplate || pass.called.contains(entry.name)
            if sameContext, let judged = slot.judgment, judged.inLambda == inLambda,
               !namesChanged || judged.callsResolved && slot.calls.names.allSatisfy(pass.actionNameSet.contains),
               judged.unknownGroups.allSatisfy({ typesBefore[$0] == pass.typesByGroup[$0] }) {
                pass.found += placed(judged.actions, entry)
                templateFindings += placed(judged.templates, entry)
                kept.reused += 1
                continue
            }
            let judged = Self.judge(entry.json, named: entry.name, inLambda: inLambda, in: &pass)
            templateFindings += judged.templates
            // An agent's page is a file: what it defines may change behind the editor.
            guard !slot.calls.uses(group: "$agent") else {
                kept.entries[position].judgment = nil
                continue
            }
            let registry = pass.analyzer.registry
            let unknown = slot.calls.types.filter { $0 == "trigger" || registry.spec(for: $0) == nil }
            let judgment = EntryMemo.Judgment(inLambda: inLambda,
                                               callsResolved: slot.calls.names.allSatisfy(pass.actionNameSet.contains),
                                               unknownGroups: Array(Set(unknown.map(Pass.group))),
                                               actions: located(judged.actions, entry),
                                               templates: located(judged.templates, entry))
            kept.entries[position].judgment = judgment
        }
    }

    /// The files the entries name, looked for again at every check: only in the entries that name any.
    func fileReferences(in pass: inout Pass) {
        var trail = Document.actionsTrail
        for (entry, slot) in zip(entries, kept.entries) where slot.calls.mayReferenceFiles {
            trail.push(entry.name)
            pass.fileReferences(entry.json, at: &trail)
            trail.pop()
        }
    }

    /// Findings just made in an entry, with where the entry starts now.
    private func located(_ found: [Diagnostic], _ entry: (name: String, json: JSON, extent: Range<Int>)) -> EntryMemo.Located {
        EntryMemo.Located(anchor: found.isEmpty ? nil : file.location(ofOffset: entry.extent.lowerBound), findings: found)
    }

    /// Kept findings of an entry, moved to where it starts now.
    private func placed(_ kept: EntryMemo.Located, _ entry: (name: String, json: JSON, extent: Range<Int>)) -> [Diagnostic] {
        guard let old = kept.anchor else { return kept.findings }
        let new = file.location(ofOffset: entry.extent.lowerBound)
        return kept.findings.map { $0.moved(from: old, to: new) }
    }

    /// One entry checked as the whole-document pass checks it: its actions, then its name's and values' templates.
    private static func judge(_ json: JSON, named name: String, inLambda: Bool,
                              in pass: inout Pass) -> (actions: [Diagnostic], templates: [Diagnostic]) {
        let before = pass.found.count
        pass.action(json, at: Pass.actionsPointer.appending(name), inLambda: inLambda)
        let actions = Array(pass.found[before...])
        let templatesStart = pass.found.count
        var trail = Document.actionsTrail
        trail.push(name)
        pass.scripts(in: name, at: trail, isKey: true)
        pass.templates(json, at: &trail)
        let templates = Array(pass.found[templatesStart...])
        pass.found.removeSubrange(templatesStart...)
        return (actions, templates)
    }

    /// The memo keeps what this pass found, for the next check of the file.
    func finish() {
        memo.keep(kept, for: fileName)
    }
}
