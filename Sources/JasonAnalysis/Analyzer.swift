import JasonJSON
import JasonRuntime
import JasonScript

/// Static analysis of one document: every finding of `jasonrun check`, located, with nothing run. The
/// command line, the language server and the debugger's breakpoint checks all ask this one type.
package struct Analyzer: Sendable {
    /// The actions a run would have; an unknown type is judged against it.
    package var registry: ActionRegistry
    /// Compiles `{{ }}` JavaScript (never runs it).
    package var engine: ScriptEngine
    /// What compiled, kept for the next check by this analyzer (the editor's, at every edit).
    package var verdicts = ScriptVerdicts()
    /// Each head.actions entry's findings by its text, for an analyzer that checks one file again and
    /// again (the editor's); nil: every check judges every entry.
    package var entryMemo: EntryMemo?
    /// Whether a file exists (injected, so tests and the editor can answer for unsaved files).
    package var fileExists: @Sendable (String) -> Bool

    /// What a run would read besides the document's folder (`--allow-read`), and how large a file may be:
    /// a check reads `file://` mixins through the same loader and confinement as a run of the document.
    package var allowRead: [String] = []
    package var maximumFileSize = FileAccess.defaultMaximumSize
    /// Whether a check of a file also reports what the documents beside it that mix it in find in it.
    package var checksIncluders = true
    /// A file's text as the editor has it open, when it does (unsaved edits count): mixins and the
    /// documents that mix a file in are read from it before the disk.
    package var openText: @Sendable (String) -> [UInt8]? = { _ in nil }

    package init(registry: ActionRegistry, engine: ScriptEngine = ScriptEngine(),
                 fileExists: @escaping @Sendable (String) -> Bool) {
        self.registry = registry
        self.engine = engine
        self.fileExists = fileExists
    }

    /// What one check found, and the parsed document when the text was JSON (the editor reuses it).
    package struct Report: Sendable {
        package var diagnostics: [Diagnostic]
        package var parsed: ParsedDocument?
        /// What mixins brought in, for placing a finding in a mixin file at the member that mixed it in.
        package var mixedParts: [MixedPart] = []
        /// False when the text is not JSON (`jasonrun check` exits 65).
        package var isJSON: Bool { parsed != nil }
        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    package func check(_ file: SourceFile) -> Report {
        let parsed: ParsedDocument
        do {
            parsed = try JSONParser.parseDocument(file)
        } catch {
            return Report(diagnostics: [Diagnostic(.jsonSyntax, .error, error.message, file: file.name,
                                                   location: error.location)], parsed: nil)
        }
        var locator = SourceLocator(sourceMap: parsed.sourceMap, fileName: file.name)
        var root = parsed.value
        // The parser saw whether any name repeats: the text is scanned again only to say where.
        var found = (parsed.repeatsKeys ? DuplicateKeys.find(in: file) : []).map { duplicate in
            Diagnostic(.duplicateKey, .warning,
                       "key \"\(duplicate.key)\" appears again in this object; only the last one counts",
                       file: file.name, location: file.location(ofOffset: duplicate.offset), pointer: duplicate.pointer)
        }
        var document: Document?
        var reuse = entryMemo.flatMap { EntryReuse(memo: $0, root: root, locator: locator) }
        do {
            document = try Document.load(parsed.value, locator: locator, compiling: false, marks: parsed.marks,
                                         skipping: { reuse?.loads($0) ?? false })
            if !document!.unresolvedMixins {
                reuse?.loaded()
            } else {
                // The entries are judged in the document the mixins make, without the memo; what it
                // matched is kept, so the next check does not read every entry's calls again.
                reuse?.finish()
                reuse = nil
                // What the document will run: its file:// mixins read and merged in, checked where they were written.
                let mixed = try document!.resolvingFileMixins(compiling: false, access: access(for: file.name), openText: openText)
                (document, root, locator) = (mixed.0, mixed.0.root, mixed.0.locator)
                found += mixed.1
            }
        } catch {
            document = nil  // a document that failed to load is not linted
            found.append(error)
        }
        if let document {
            // A run warns of a broken conditional and goes on as st.js does; `check` holds it an error.
            found += (reuse?.lint(document) ?? document.lint()).map { d in
                var d = d
                if d.id == .conditionalShape || d.id == .unreachableBranch { d.severity = .error }
                return d
            }
        }
        document = nil  // its action tree is not the pass's: freed before the pass builds its own findings
        var pass = Pass(analyzer: self, root: root, locator: locator)
        pass.run(reusing: &reuse)
        reuse?.finish()
        found += pass.found
        // Only a part (not a `$jason` document) is looked for in the folder: the search reads files, and
        // a document is checked at every edit.
        if checksIncluders, parsed.value["$jason"] == nil {
            // Where a document mixes this file in, its judgment (with its head.actions, agents and data)
            // replaces the file's own at the same place.
            // A part names what its includer defines: checked alone, its calls name nothing, so those
            // findings are the includer's to make.
            let (included, isMixedIn) = foundByIncluders(of: file)
            let places = Set(included.map { "\($0.id)@\($0.location.map(\.description) ?? "")" })
            let contextual: Set<Diagnostic.ID> = [.unknownLambda, .returnOutsideLambda, .unknownAgent]
            found = found.filter { !places.contains("\($0.id)@\($0.location.map(\.description) ?? "")")
                && !(isMixedIn && contextual.contains($0.id)) } + included
        }
        return Report(diagnostics: Self.ordered(found), parsed: parsed, mixedParts: locator.mixedParts)
    }

    /// The files a run of the document named `name` may read (none beyond `allowRead` for standard input).
    package func access(for name: String) -> FileAccess {
        FileAccess.forDocument(at: name.hasPrefix("<") ? nil : name, allowRead: allowRead, maximumSize: maximumFileSize)
    }

    /// In document order, each finding once (the walks may meet one node from two sides).
    static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        let unique = diagnostics.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted { a, b in
            let l = a.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let r = b.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return l != r ? l < r : a.offset < b.offset
        }.map(\.element)
    }
}
