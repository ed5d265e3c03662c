import JasonJSON

/// A problem found in a document or while running it. A value with an origin; only the CLI and the REPL
/// turn it into text.
public struct Diagnostic: Error, Sendable, Hashable {
    /// Stable identifiers, for tools and for the docs.
    public enum ID: String, Sendable, Hashable, CaseIterable {
        case jsonSyntax = "json-syntax"
        case noJasonRoot = "no-jason-root"
        case invalidDocument = "invalid-document"
        case invalidAction = "invalid-action"
        case unknownAction = "unknown-action"
        case invalidOptions = "invalid-options"
        case unknownLambda = "unknown-lambda"
        case actionFailed = "action-failed"
        case unresolvedCondition = "unresolved-condition"
        case callStackOverflow = "call-stack-overflow"
        case stepLimit = "step-limit"
        case wallLimit = "wall-limit"
        case template = "template"
        case store = "store"
        case timeLimit = "time-limit"
        case invalidStubs = "invalid-stubs"
        case replayMismatch = "replay-mismatch"
        case navigation = "navigation"
        case completion = "completion"
        case unknownKey = "unknown-key"
        case unclosedTemplate = "unclosed-template"
        case unusedStub = "unused-stub"
        case invalidSeed = "invalid-seed"
        case nothingToRun = "nothing-to-run"
        case invalidTestFile = "invalid-test-file"
        case invalidUTF8 = "invalid-utf8"
        case mixin = "mixin"
        case agent = "agent"
        // Found by `jasonrun check` (JasonAnalysis) without running anything.
        case duplicateKey = "duplicate-key"
        case unknownOption = "unknown-option"
        case scriptSyntax = "script-syntax"
        case conditionalShape = "conditional-shape"
        case unreachableBranch = "unreachable-branch"
        case missingFile = "missing-file"
        case returnOutsideLambda = "return-outside-lambda"
        case noReturn = "no-return"
        case loopScope = "loop-scope"
        case unknownAgent = "unknown-agent"
        case triggerCycle = "trigger-cycle"
    }

    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var id: ID
    public var severity: Severity
    public var message: String
    public var file: String?
    public var location: SourceLocation?
    public var pointer: JSONPointer?
    /// Extra lines shown under the message (for example the error payload).
    package var notes: [String]
    /// How many times the same finding was reported (a failing action in a repeating timer, say): the
    /// log keeps one, counted.
    package var count = 1
    /// The did-you-mean as an edit, when the finding has one: the editor's quick fix and `check --fix`.
    package var fix: Fix?

    public init(_ id: ID, _ severity: Severity = .error, _ message: String, file: String? = nil,
                location: SourceLocation? = nil, pointer: JSONPointer? = nil, notes: [String] = []) {
        self.id = id
        self.severity = severity
        self.message = message
        self.file = file
        self.location = location
        self.pointer = pointer
        self.notes = notes
    }

    public init(_ id: ID, _ severity: Severity = .error, _ message: String, at path: ActionPath,
                notes: [String] = []) {
        self.init(id, severity, message, file: path.file, location: path.location, pointer: path.pointer,
                  notes: notes + (path.mixedInto.map { ["mixed in by " + $0] } ?? []))
    }
}

/// A did-you-mean as an edit: the JSON string written at `location` (a key or a value) that reads `old`
/// becomes one that reads `new`. Applied only where the text there still is `old` in plain JSON (no
/// escapes), so a fix never lands on text that changed since it was found.
package struct Fix: Sendable, Hashable {
    package var location: SourceLocation
    package var old: String
    package var new: String

    package init(at location: SourceLocation, _ old: String, _ new: String) {
        (self.location, self.old, self.new) = (location, old, new)
    }

    /// The byte range to replace in `bytes`, where `offset` is the location's offset, and what goes there.
    package func edit(in bytes: [UInt8], at offset: Int) -> (range: Range<Int>, text: [UInt8])? {
        let written = Array(JSONPrinter.compact(.string(old)).utf8)
        let end = offset + written.count
        guard offset >= 0, end <= bytes.count, Array(bytes[offset..<end]) == written else { return nil }
        return (offset..<end, Array(JSONPrinter.compact(.string(new)).utf8))
    }
}

extension Diagnostic {
    /// This finding with a fix that rewrites the string at its own location from `old` to `new`.
    package func fixing(_ old: String, to new: String) -> Diagnostic {
        guard let location else { return self }
        var fixed = self
        fixed.fix = Fix(at: location, old, new)
        return fixed
    }

    /// This finding with the fix `change` (old, new) when there is one; as it is otherwise.
    package func fixing(_ change: (old: String, new: String)?) -> Diagnostic {
        change.map { fixing($0.old, to: $0.new) } ?? self
    }
}

/// Diagnostics collected while a program runs, from the loop and from handlers: a value, part of the
/// run's state. The same finding (id, severity, message, place) twice is counted, not kept twice: a
/// repeating timer whose action fails would otherwise fill memory and the terminal with one line.
package struct IssueList: Sendable {
    private struct Key: Hashable {
        var id: Diagnostic.ID, severity: Diagnostic.Severity, message: String, file: String?, pointer: JSONPointer?
        init(_ d: Diagnostic) { (id, severity, message, file, pointer) = (d.id, d.severity, d.message, d.file, d.pointer) }
    }

    package private(set) var all: [Diagnostic] = []
    private var index: [Key: Int] = [:]

    public init() {}

    mutating func report(_ diagnostic: Diagnostic) {
        let key = Key(diagnostic)
        if let at = index[key] {
            all[at].count += diagnostic.count
        } else {
            index[key] = all.count
            all.append(diagnostic)
        }
    }
}

/// What a front end has shown of an `IssueList`: a diagnostic is shown again when it recurred (its count
/// grew) since, once however often it recurred, and what time travel took back is forgotten.
public struct DiagnosticCursor: Sendable {
    private var shownCounts: [Int] = []

    public init() {}

    /// The diagnostics of `all` to show now, each counting only its recurrences since it was last shown.
    package mutating func unseen(in all: [Diagnostic]) -> [Diagnostic] {
        if shownCounts.count > all.count { shownCounts.removeLast(shownCounts.count - all.count) }
        var fresh: [Diagnostic] = []
        for (i, diagnostic) in all.enumerated() {
            let shown = i < shownCounts.count ? shownCounts[i] : 0
            if diagnostic.count > shown {
                var recurrence = diagnostic
                recurrence.count = diagnostic.count - shown
                fresh.append(recurrence)
            }
            if i < shownCounts.count { shownCounts[i] = diagnostic.count } else { shownCounts.append(diagnostic.count) }
        }
        return fresh
    }
}
