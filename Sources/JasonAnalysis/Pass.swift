import JasonJSON
import JasonRuntime

/// One walk over a parsed document, collecting findings. The walk is over the JSON as written rather
/// than the loaded actions, so that it also sees what loading stops at or leaves for run time.
struct Pass {
    let analyzer: Analyzer
    let root: JSON
    let locator: SourceLocator
    var found: [Diagnostic] = []
    /// The names of `head.actions`, in a list for suggestions and a set for looking one up.
    let actionNames: [String]
    let actionNameSet: Set<String>
    /// The names of `head.data`: what a template's top-level names may be.
    let dataNames: [String]
    let dataNameSet: Set<String>
    /// Names some `trigger`/`$lambda` calls, so a `$return` in them has a lambda to return from.
    var called: Set<String> = []
    /// A call whose name is a template: any action may be called.
    var callsByTemplate = false
    /// The action types the document uses, by group (`$util` → `$util.alert`, `$util.toast`).
    var typesByGroup: [Substring: Set<String>] = [:]
    /// The document is a single action, not a `$jason` document.
    var isFragment: Bool { root["$jason"] == nil }

    init(analyzer: Analyzer, root: JSON, locator: SourceLocator) {
        self.analyzer = analyzer
        self.root = root
        self.locator = locator
        actionNames = (root.value(at: Self.actionsPointer)?.objectValue?.keys).map(Array.init) ?? []
        dataNames = (root.value(at: JSONPointer("/$jason/head/data"))?.objectValue?.keys).map(Array.init) ?? []
        actionNameSet = Set(actionNames)
        dataNameSet = Set(dataNames)
    }

    static let actionsPointer = JSONPointer("/$jason/head/actions")

    /// The names of `head.templates`, sorted: what `$render` may name.
    var templateNames: [String] {
        (root.value(at: JSONPointer("/$jason/head/templates"))?.objectValue?.keys).map { $0.sorted() } ?? []
    }

    /// With `reuse` (the analyzer's memo), head.actions is judged entry by entry, unchanged entries from the memo.
    mutating func run(reusing reuse: inout EntryReuse?) {
        var entries: [(json: JSON, pointer: JSONPointer, inLambda: Bool)] = []
        if case .object(let top) = root, top["$jason"] == nil, top["type"] != nil || top["trigger"] != nil {
            entries.append((root, .root, false))
        }
        var calls = EntryMemo.Calls()
        calls.collect(reuse?.rest ?? root)
        absorb(calls)
        reuse?.collectCalls(into: &self)
        if reuse == nil, case .object(let actions)? = root.value(at: Self.actionsPointer) {
            for (name, action) in actions {
                let lambda = callsByTemplate || called.contains(name)
                entries.append((action, Self.actionsPointer.appending(name), lambda))
            }
        }
        reuse?.judge(in: &self)
        if let body = root.value(at: JSONPointer("/$jason/body")) {
            componentActions(body, at: JSONPointer("/$jason/body"), into: &entries)
        }
        for entry in entries { action(entry.json, at: entry.pointer, inLambda: entry.inLambda) }
        triggerCycles(reuse?.alwaysCalls ?? unconditionalCalls())
        var trail = PointerTrail()
        templates(reuse?.rest ?? root, at: &trail)
        found += reuse?.templateFindings ?? []
        fileReferences(reuse?.rest ?? root, at: &trail)
        reuse?.fileReferences(in: &self)
    }

    /// Adds the names called and the types used somewhere in the document.
    mutating func absorb(_ calls: EntryMemo.Calls) {
        called.formUnion(calls.names)
        callsByTemplate = callsByTemplate || calls.byTemplate
        for type in calls.types { typesByGroup[Self.group(of: type), default: []].insert(type) }
    }

    /// The `action` members of body components (a button's tap, a list item's selection).
    func componentActions(_ json: JSON, at pointer: JSONPointer,
                          into entries: inout [(json: JSON, pointer: JSONPointer, inLambda: Bool)]) {
        switch json {
        case .object(let members):
            for (key, value) in members {
                if key == "action", value.objectValue != nil || value.arrayValue != nil {
                    entries.append((value, pointer.appending(key), false))
                } else {
                    componentActions(value, at: pointer.appending(key), into: &entries)
                }
            }
        case .array(let items):
            for (i, item) in items.enumerated() { componentActions(item, at: pointer.appending(i), into: &entries) }
        default:
            break
        }
    }

    /// `fix` is the did-you-mean as the string at the pointer written anew (old, new).
    mutating func report(_ id: Diagnostic.ID, _ severity: Diagnostic.Severity, _ message: String,
                         at pointer: JSONPointer, fix: (String, String)? = nil) {
        let finding = Diagnostic(id, severity, message, at: locator.path(pointer))
        found.append(finding.fixing(fix))
    }

    /// A finding about a member's key rather than its value (a misspelt option, a branch's directive).
    mutating func report(_ id: Diagnostic.ID, _ severity: Diagnostic.Severity, _ message: String,
                         atKeyOf pointer: JSONPointer, fix: (String, String)? = nil) {
        let finding = Diagnostic(id, severity, message, at: locator.keyPath(pointer))
        found.append(finding.fixing(fix))
    }
}
