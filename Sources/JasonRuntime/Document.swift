import JasonJSON

/// A loaded program: a whole `{"$jason": …}` document, or a bare action object run as one chain.
public struct Document: Sendable {
    public var root: JSON {
        didSet { marks = nil }
    }
    package var locator: SourceLocator
    /// `head.actions`: named actions and system-event handlers, parsed.
    package var actions: [String: ActionNode]
    /// `head.data`: the initial view data.
    package var data: JSONObject
    /// `head.templates`.
    package var templates: JSONObject
    public var body: JSON?
    /// Set when the file is a single action rather than a document.
    package var bareAction: ActionNode?
    /// Set while the document's mixins are not resolved yet: nothing but `root` is read until its loader
    /// resolves them (`resolvingMixins`).
    package var unresolvedMixins = false
    /// What the parser saw of `{` and `#`, so that `lint` enters only the parts that have some. Valid for
    /// the parsed tree only: any change to `root` drops it.
    package var marks: MarkedContainers?
    /// The mixin files the document was assembled from (each once), for showing their lines.
    package var mixinSources: [SourceFile] {
        var seen: Set<String> = [fileName ?? ""]
        return locator.mixedParts.compactMap { $0.sourceMap?.file }.filter { seen.insert($0.name).inserted }
    }
    /// Actions that will fail if they ever run (see `ActionNode.malformed`).
    package var warnings: [Diagnostic] {
        let nodes = Array(actions.values) + (bareAction.map { [$0] } ?? [])
        return nodes.flatMap(\.problems).map { var d = $0; d.severity = .warning; return d }
            .sorted { ($0.pointer?.description ?? "") < ($1.pointer?.description ?? "") }
    }

    public var fileName: String? { locator.fileName }

    /// An empty document, the starting point of the REPL.
    package init(fileName: String? = nil) {
        root = .object([:])
        locator = SourceLocator(sourceMap: nil, fileName: fileName)
        actions = [:]
        data = [:]
        templates = [:]
    }

    /// Parses and checks a document's text. All problems are located.
    public static func load(_ file: SourceFile) throws(Diagnostic) -> Document {
        let parsed: ParsedDocument
        do {
            parsed = try JSONParser.parseDocument(file)
        } catch {
            throw Diagnostic(.jsonSyntax, .error, error.message, file: file.name, location: error.location)
        }
        return try load(parsed.value, locator: SourceLocator(sourceMap: parsed.sourceMap), marks: parsed.marks)
    }

    /// Checks an already parsed value: a `$jason` document or a bare action. `compiling` false leaves the
    /// templates uncompiled, for a static check that never runs the document. `skipping` says, by position
    /// in head.actions, which entries a check knows to load as written (the editor's, unchanged since):
    /// they are not parsed, and the document lacks them.
    package static func load(_ root: JSON, locator: SourceLocator, compiling: Bool = true,
                             resolved: Bool = false, marks: MarkedContainers? = nil,
                             skipping known: (Int) -> Bool = { _ in false }) throws(Diagnostic) -> Document {
        var document = Document(fileName: locator.fileName)
        document.root = root
        document.locator = locator
        document.marks = marks
        if !resolved, MixinReference.appears(in: root, text: locator.sourceMap?.file.bytes) {
            document.unresolvedMixins = true
            return document
        }
        guard case .object(let top) = root else {
            throw Diagnostic(.noJasonRoot, .error,
                             "expected an object with a \"$jason\" key, or a single action, found \(root.kindName)",
                             at: locator.path(.root))
        }
        guard let jason = top["$jason"] else {
            if top["type"] != nil || top["trigger"] != nil {
                document.bareAction = try ActionNode.parse(root, at: .root, locator: locator, compiling: compiling)
                return document
            }
            throw Diagnostic(.noJasonRoot, .error,
                             "no \"$jason\" key: a document is {\"$jason\": {\"head\": …, \"body\": …}}, "
                             + "and a single action needs a \"type\" or \"trigger\"", at: locator.path(.root))
        }
        let jasonPointer = JSONPointer.root.appending("$jason")
        guard case .object(let members) = jason else {
            throw invalidDocument("\"$jason\" must be an object, found \(jason.kindName)", jasonPointer, locator)
        }
        document.body = members["body"]
        guard let head = members["head"] else { return document }
        let headPointer = jasonPointer.appending("head")
        guard case .object(let headMembers) = head else {
            throw invalidDocument("\"head\" must be an object, found \(head.kindName)", headPointer, locator)
        }
        document.data = try objectMember(headMembers, "data", headPointer, locator)
        document.templates = try objectMember(headMembers, "templates", headPointer, locator)
        let actionsPointer = headPointer.appending("actions")
        for (position, (name, action)) in try objectMember(headMembers, "actions", headPointer, locator).enumerated()
        where !known(position) {
            document.actions[name] = try ActionNode.parse(action, at: actionsPointer.appending(name), locator: locator,
                                                          compiling: compiling)
        }
        return document
    }

    static func objectMember(_ members: JSONObject, _ key: String, _ parent: JSONPointer,
                             _ locator: SourceLocator) throws(Diagnostic) -> JSONObject {
        guard let value = members[key], !value.isNull else { return [:] }
        guard case .object(let object) = value else {
            throw invalidDocument("\"\(key)\" must be an object, found \(value.kindName)", parent.appending(key), locator)
        }
        return object
    }

    static func invalidDocument(_ message: String, _ pointer: JSONPointer, _ locator: SourceLocator) -> Diagnostic {
        Diagnostic(.invalidDocument, .error, message, at: locator.path(pointer))
    }
}
