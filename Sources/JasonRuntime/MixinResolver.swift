import JasonJSON

/// Replaces the mixins of a parsed document by what they name (spec §1.1), from documents fetched
/// beforehand: a pass that meets a URL not fetched yet says so in `missing`, and its driver fetches those
/// (all at once, as the reference does) and resolves again, until nothing is missing.
///
/// Sibling keys override the mixed-in object; mixed-in documents may hold mixins of their own. Where each
/// part came from is kept (`MixedPart`), so actions from a mixin file are located in that file.
package struct MixinResolver: Sendable {
    /// A fetched mixin document, or why it could not be fetched.
    package enum Fetched: Sendable {
        case document(JSON, SourceMap?, name: String)
        case failed(String)
        /// Not fetched by choice (the checker does not go on the network): the member stays as written.
        case skipped
    }

    package struct Outcome: Sendable {
        package var value: JSON
        package var parts: [MixedPart]
        /// Failed fetches and unknown paths (warnings); cycles and failures the reference cannot load past (errors).
        package var diagnostics: [Diagnostic]
        /// Absolute URLs this pass needed and did not have.
        package var missing: Set<String>
    }

    /// Mixins nested deeper than this are reported instead of followed.
    static let maximumDepth = 16
    /// Mixins mixed in for one document at most (each reference counts, however often it is met).
    static let maximumMixes = 100_000

    /// The most the mixins may add to the document, in bytes of JSON text (the document size limit):
    /// a few references that each mix in the others would otherwise grow it exponentially.
    let maximumSize: Int
    /// When the run's real-time limit runs out (`--wall-limit`): the walk stops there too.
    var deadline: ContinuousClock.Instant?
    let root: JSON
    let locator: SourceLocator
    /// The document's URL (relative mixin URLs are resolved against it) and the app's first document's
    /// (`file://name` is relative to that one's folder, as everywhere).
    let url: String, firstURL: String
    package var fetched: [String: Fetched] = [:]

    package init(root: JSON, locator: SourceLocator, url: String, firstURL: String,
                 maximumSize: Int = LocalFile.defaultMaximumSize) {
        (self.root, self.locator, self.url, self.firstURL) = (root, locator, url, firstURL)
        self.maximumSize = maximumSize
    }

    /// Two walks, as the reference assembles a document: first the mixins that name a URL, then the
    /// `$document.PATH` ones, against the document those made (so a path into a part a file mixin
    /// brought in finds it).
    package func resolve() -> Outcome {
        let origin = Walk.Origin(file: locator.fileName ?? url, map: locator.sourceMap, pointer: .root, url: url)
        var urls = Walk(resolver: self, budget: maximumSize)
        let assembled = urls.resolved(root, at: .root, from: origin) ?? root
        guard urls.missing.isEmpty, urls.deferred else {
            return Outcome(value: assembled, parts: urls.parts, diagnostics: urls.diagnostics, missing: urls.missing)
        }
        var documents = Walk(resolver: self, budget: urls.budget, assembled: (assembled, MixedParts(urls.parts)))
        documents.mixes = urls.mixes
        let value = documents.resolved(assembled, at: .root, from: origin) ?? assembled
        return Outcome(value: value, parts: urls.parts + documents.parts, diagnostics: urls.diagnostics + documents.diagnostics,
                       missing: [])
    }
}

/// One pass over a document.
private struct Walk {
    /// Where the node being walked was written.
    struct Origin {
        var file: String
        var map: SourceMap?
        var pointer: JSONPointer
        var url: String

        func appending(_ key: String) -> Origin { var o = self; o.pointer = pointer.appending(key); return o }
        func appending(_ index: Int) -> Origin { var o = self; o.pointer = pointer.appending(index); return o }
    }

    let resolver: MixinResolver
    var parts: [MixedPart] = []
    var diagnostics: [Diagnostic] = []
    var missing: Set<String> = []
    /// The mixins being resolved, outermost first: one met again is a cycle.
    var stack: [String] = []
    /// What the mixins may still add, in bytes of JSON text; below zero the walk stops mixing.
    var budget: Int
    var mixes = 0
    /// For the second walk: the document the URL mixins assembled, and where its parts came from. The
    /// first walk (nil) mixes only URLs and notes in `deferred` that a `$document` reference waits.
    var assembled: (value: JSON, parts: MixedParts)?
    var deferred = false

    init(resolver: MixinResolver, budget: Int, assembled: (value: JSON, parts: MixedParts)? = nil) {
        (self.resolver, self.budget, self.assembled) = (resolver, budget, assembled)
    }

    /// Whether this walk mixes `reference` in: URLs in the first, `$document` paths in the second.
    mutating func takes(_ reference: MixinReference) -> Bool {
        if assembled == nil, reference.url == nil { deferred = true }
        return (reference.url == nil) == (assembled != nil)
    }

    /// Where a node of the assembled document was written: a part a URL mixin brought in starts here.
    func origin(_ origin: Origin, at pointer: JSONPointer) -> Origin {
        guard let part = assembled?.parts.starting(at: pointer) else { return origin }
        return Origin(file: part.file, map: part.sourceMap, pointer: part.sourcePointer, url: origin.url)
    }

    /// Why the walk must stop mixing, if it must: the document grew past its size limit, or past the
    /// number of mixins, or the run's real time ran out (read every 1,024 mixins).
    func overrun() -> (Diagnostic.ID, String)? {
        if budget < 0 {
            return (.mixin, "mixins make the document larger than \(LocalFile.describe(size: resolver.maximumSize)) "
                + "(the document size limit, --max-file-size)")
        }
        if mixes > MixinResolver.maximumMixes { return (.mixin, "more than \(MixinResolver.maximumMixes) mixins in one document") }
        if mixes % 1024 == 0, let deadline = resolver.deadline, ContinuousClock.now > deadline {
            return (.wallLimit, "mixing in the mixins took longer than the run's real-time limit (raise it with --wall-limit)")
        }
        return nil
    }

    /// `json` with its mixins resolved; nil when it holds none (most of a document), so nothing is copied.
    mutating func resolved(_ json: JSON, at pointer: JSONPointer, from written: Origin) -> JSON? {
        let origin = assembled == nil ? written : self.origin(written, at: pointer)
        switch json {
        case .object(let members):
            if let (key, reference) = MixinReference.find(in: members), let reference, takes(reference) {
                return mix(reference, key: key, members, at: pointer, from: origin)
            }
            var copy: JSONObject?
            for (index, (key, value)) in members.enumerated() {
                guard let changed = resolved(value, at: pointer.appending(key), from: origin.appending(key)) else { continue }
                if copy == nil { copy = members }
                copy!.values[index] = changed
            }
            return copy.map(JSON.object)
        case .array(let items):
            var copy: [JSON]?
            for (index, item) in items.enumerated() {
                guard let changed = resolved(item, at: pointer.appending(index), from: origin.appending(index)) else { continue }
                if copy == nil { copy = items }
                copy![index] = changed
            }
            return copy.map(JSON.array)
        default:
            return nil
        }
    }

    /// Where the mixin member `member` was written, found in its source only when a message asks: looking
    /// it up scans the text, which for every one of thousands of mixins made loading quadratic.
    static func place(of member: Origin, at pointer: JSONPointer) -> ActionPath {
        guard let map = member.map else { return ActionPath(pointer: pointer, file: member.file) }
        let written = MixedPart(pointer: pointer, file: member.file, sourceMap: map, sourcePointer: member.pointer)
        return ActionPath(pointer: pointer, file: member.file, sourceMap: map, origin: written)
    }

    /// About how many bytes `json` takes as JSON text (a mixed-in part's cost; a fixed part per node, so
    /// that many small parts count too).
    static func weight(_ json: JSON) -> Int {
        switch json {
        case .string(let text): return text.utf8.count + 8
        case .array(let items): return items.reduce(8) { $0 + weight($1) }
        case .object(let members): return members.reduce(8) { $0 + $1.key.utf8.count + weight($1.value) }
        default: return 8
        }
    }

    /// A local file named by a part fetched over the network is refused before anything asks for it: remote
    /// content reads nothing local, whatever the transport below would allow.
    static func refusal(of url: String, namedBy origin: String) -> MixinResolver.Fetched? {
        guard FileAccess.isRemote(origin), Document.localPath(ofURL: url) != nil else { return nil }
        return .failed("\(url) refused: a document loaded from \(origin) may not read local files")
    }

    /// The object at `pointer`, whose `key` member is a mixin: what it names, with the other members over it.
    mutating func mix(_ reference: MixinReference, key: String, _ members: JSONObject, at pointer: JSONPointer,
                      from origin: Origin) -> JSON {
        let member = origin.appending(key)
        let written = Self.place(of: member, at: pointer.appending(key))
        func report(_ severity: Diagnostic.Severity, _ message: String) {
            diagnostics.append(Diagnostic(.mixin, severity, message, at: written))
        }
        var overrides = members
        for name in MixinReference.keys { overrides.removeValue(forKey: name) }

        var base: JSON?
        var source: Origin
        let shown = "\"\(key)\": \"\(reference.written)\""
        if let written = reference.url {
            let url = ActionNetwork.absoluteURL(written, from: origin.url, first: resolver.firstURL)
            switch Self.refusal(of: url, namedBy: origin.url) ?? resolver.fetched[url] {
            case nil:
                missing.insert(url)
                return .null
            case .skipped:
                return .object(members)
            case .failed(let why):
                if overrides.isEmpty {
                    report(.warning, "mixin \(shown) could not be fetched, so this member is null: \(why)")
                    return .null
                }
                report(.error, "mixin \(shown) could not be fetched (\(why)); its sibling keys have nothing to merge "
                       + "into, and the phone then fails to load the whole document (stub the URL to run it)")
                return .null
            case .document(let json, let map, let name):
                source = Origin(file: name, map: map, pointer: reference.path, url: url)
                base = json.value(at: reference.path)
            }
        } else {
            // The assembled document's node, located where it was written: in a part, or the document.
            let root = assembled?.value ?? resolver.root
            if let part = assembled?.parts.holding(reference.path) {
                source = Origin(file: part.file, map: part.sourceMap, pointer: part.sourcePointer(reference.path), url: resolver.url)
            } else {
                source = Origin(file: resolver.locator.fileName ?? resolver.url, map: resolver.locator.sourceMap,
                                pointer: reference.path, url: resolver.url)
            }
            base = root.value(at: reference.path)
        }
        guard let found = base else {
            report(.warning, "mixin \(shown) names nothing (no \(reference.path) in \(source.file)), so this member is null")
            return .null
        }
        // Named as people read them: the file (or URL), and the path within it when there is one.
        let identity = source.file + (reference.path.description.isEmpty ? "" : " " + reference.path.description)
        if stack.contains(identity) {
            report(.error, "mixin cycle: \(shown) is already being mixed in (\((stack + [identity]).joined(separator: " → ")))")
            return .null
        }
        guard stack.count < MixinResolver.maximumDepth else {
            report(.error, "mixins nested more than \(MixinResolver.maximumDepth) deep at \(shown)")
            return .null
        }
        guard budget >= 0 else { return .null }
        budget -= Self.weight(found)
        mixes += 1
        if let (id, why) = overrun() {
            budget = -1
            diagnostics.append(Diagnostic(id, .error, "\(why); stopped at \(shown) (does a part mix in itself many times over?)",
                                          at: written))
            return .null
        }
        parts.append(MixedPart(pointer: pointer, file: source.file, sourceMap: source.map, sourcePointer: source.pointer,
                               member: written))
        stack.append(identity)
        let mixed = resolved(found, at: pointer, from: source) ?? found
        stack.removeLast()
        guard !overrides.isEmpty else { return mixed }
        guard case .object(var merged) = mixed else {
            report(.warning, "mixin \(shown) is \(mixed.kindName), not an object, so its sibling keys "
                   + overrides.keys.map { "\"\($0)\"" }.joined(separator: ", ") + " are dropped")
            return mixed
        }
        for (name, value) in overrides {
            let at = pointer.appending(name)
            let own = origin.appending(name)
            parts.append(MixedPart(pointer: at, file: origin.file, sourceMap: origin.map, sourcePointer: own.pointer))
            merged[name] = resolved(value, at: at, from: own) ?? value
        }
        return .object(merged)
    }
}
