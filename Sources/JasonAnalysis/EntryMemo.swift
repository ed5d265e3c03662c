import JasonJSON
import JasonRuntime
import Synchronization

/// What the checks of each `head.actions` entry found, kept by the entry's text across the checks one
/// analyzer makes of a file. An editor checks its document at every keystroke, and a keystroke changes
/// one entry: the others' findings are taken from here and moved to where the entry now is, so the cost
/// of an edit follows the edit rather than the document.
///
/// An entry is its bytes from its name's opening quote to its value's end; equal bytes are judged alike
/// wherever they stand, provided what the judgment reads outside the entry (`Context`) is the same too.
/// What reads files (`file://` references, agents' pages) is never kept: files change behind the editor.
package final class EntryMemo: Sendable {
    /// What every entry's findings depend on besides its own text. The action names and the types in use
    /// matter to fewer: an entry is judged again when they change only if it calls a name that is not
    /// there (or was not), or uses a type no built-in action has.
    struct Context: Equatable {
        var dataNames: [String]
        var templates: [String]
        var usesRequire: Bool
    }

    /// The names an entry calls and the types it uses: its text's alone, whatever the context.
    struct Calls {
        var names: [String] = []
        var byTemplate = false
        /// Each `$` type it uses, as often as it is used.
        var types: [String] = []
        /// The name its chain always calls, through actions that finish at once (`Pass.unconditionalCall`).
        var always: (callee: String, at: JSONPointer)?
        /// Whether it has a `file://` string: with `$href`, `$visit` and `$require`, what names files.
        var namesFiles = false

        /// Whether the files it names must be looked for (`Pass.fileReferences`).
        var mayReferenceFiles: Bool {
            namesFiles || uses(group: "$href") || uses(group: "$visit") || uses(group: "$require")
        }

        func uses(group: Substring) -> Bool {
            types.contains { Pass.group(of: $0) == group }
        }
    }

    /// Findings in an entry, and where the entry started when they were located (nil when there are none).
    struct Located {
        var anchor: SourceLocation?
        var findings: [Diagnostic]
    }

    /// An entry's findings under the file's context: those about its actions and those about its
    /// templates, kept apart so that they join the others in the order a whole check makes them.
    struct Judgment {
        var inLambda: Bool
        /// Whether every name the entry calls was an action's.
        var callsResolved: Bool
        /// The groups of the types it uses that no built-in action has: whether such a type is taken
        /// for an extension depends on how many types of its group the document uses.
        var unknownGroups: [Substring]
        var actions: Located
        var templates: Located
    }

    struct Entry {
        let name: String
        /// The text of the file it was last seen in (shared by the entries, not copied), and where in it
        /// the entry is.
        var source: [UInt8]
        var extent: Range<Int>
        let calls: Calls
        /// Whether it loaded as written (`Document.load` found nothing wrong in it).
        var loads = false
        /// What `Document.lint` finds in it, which depends on its text alone.
        var lint: Located?
        var judgment: Judgment?
    }

    /// One file's entries, in written order, and the context their judgments were made in.
    struct File {
        var context: Context?
        var actionNames: [String] = []
        var typesByGroup: [Substring: Set<String>] = [:]
        var entries: [Entry] = []
        /// How many entries the last check took from the memo.
        var reused = 0
    }

    /// Files kept at most; past it the memo starts over (an editor has a few open).
    static let fileLimit = 16

    private let files = Mutex<[String: File]>([:])

    package init() {}

    /// The file's entries, taken out while a check uses them (checks of one file never share them).
    func take(_ name: String) -> File {
        files.withLock { $0.removeValue(forKey: name) } ?? File()
    }

    /// How many head.actions entries the last check of the file took from the memo instead of judging them.
    package func reused(in name: String) -> Int {
        files.withLock { $0[name]?.reused ?? 0 }
    }

    /// Drops what is kept of a file (the editor closed it).
    package func forget(_ name: String) {
        _ = files.withLock { $0.removeValue(forKey: name) }
    }

    func keep(_ file: File, for name: String) {
        files.withLock { kept in
            if kept.count >= Self.fileLimit { kept.removeAll() }
            kept[name] = file
        }
    }
}

extension EntryMemo.Calls {
    /// Every name a `trigger` or `$lambda` calls, and every type used, anywhere below `json`.
    mutating func collect(_ json: JSON) {
        switch json {
        case .object(let members):
            if case .string(let name)? = members["trigger"] { note(call: name) }
            if members["type"] == .string("$lambda"), case .string(let name)? = members["options"]?["name"] {
                note(call: name)
            }
            if case .string(let type)? = members["type"], type.hasPrefix("$") {
                types.append(type)
            }
            for value in members.values { collect(value) }
        case .array(let items):
            for item in items { collect(item) }
        case .string(let text):
            if !namesFiles, text.utf8.starts(with: "file://".utf8) { namesFiles = true }
        default:
            break
        }
    }

    mutating func note(call name: String) {
        if name.hasTemplateMarker { byTemplate = true } else { names.append(name) }
    }
}

extension EntryMemo.Entry {
    /// Whether `bytes[extent]` is this entry's text, byte for byte.
    func isWritten(as bytes: [UInt8], _ extent: Range<Int>) -> Bool {
        guard self.extent.count == extent.count else { return false }
        return source.withUnsafeBytes { kept in
            bytes.withUnsafeBytes { now in
                UnsafeRawBufferPointer(rebasing: kept[self.extent]).elementsEqual(UnsafeRawBufferPointer(rebasing: now[extent]))
            }
        }
    }
}

extension Diagnostic {
    /// This finding of an entry that started at `old` and, unchanged, starts at `new`: a place on the
    /// entry's first line moves with its start; one below moves by lines only.
    func moved(from old: SourceLocation, to new: SourceLocation) -> Diagnostic {
        func move(_ place: SourceLocation) -> SourceLocation {
            place.line == old.line
                ? SourceLocation(line: new.line, column: place.column - old.column + new.column)
                : SourceLocation(line: place.line - old.line + new.line, column: place.column)
        }
        var moved = self
        moved.location = location.map(move)
        if let fix { moved.fix?.location = move(fix.location) }
        return moved
    }
}
