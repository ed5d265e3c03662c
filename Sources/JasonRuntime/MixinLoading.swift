#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JasonJSON

/// Loading a document whose text holds mixins: `Document.load` keeps such a document unresolved, and its
/// loader resolves it — the interpreter through the run's transport (so stubs, recording and replay
/// answer mixins like any request), the static tools from local files only.
extension Document {
    /// Mixin documents fetched for one document at most; a server that keeps naming new ones is cut off.
    static let maximumMixinDocuments = 100

    /// Resolves the mixins, fetching what each pass misses through `fetch` (all of a pass at once), and
    /// checks the result as a document. Errors (a cycle, a failed fetch the phone cannot load past, what is
    /// not a document once mixed) are thrown; warnings (a failed fetch, a path that names nothing) returned.
    package func resolvingMixins(url: String, firstURL: String, compiling: Bool = true,
                                 maximumSize: Int = LocalFile.defaultMaximumSize, deadline: ContinuousClock.Instant? = nil,
                                 fetchingAll fetch: ([String]) async -> [String: MixinResolver.Fetched]) async throws(Diagnostic)
        -> (Document, [Diagnostic])
    {
        var resolution = MixinResolution(self, url: url, firstURL: firstURL, compiling: compiling, maximumSize: maximumSize)
        resolution.resolver.deadline = deadline
        var fetched: [String: MixinResolver.Fetched] = [:]
        while true {
            switch try resolution.next(fetched) {
            case .fetch(let urls): fetched = await fetch(urls)
            case .done(let document, let warnings): return (document, warnings)
            }
        }
    }

    /// The same, for callers that read synchronously (the checker, the language server).
    package func resolvingMixins(url: String, firstURL: String, compiling: Bool = true,
                                 maximumSize: Int = LocalFile.defaultMaximumSize,
                                 fetchingEach fetch: (String) -> MixinResolver.Fetched) throws(Diagnostic) -> (Document, [Diagnostic]) {
        var resolution = MixinResolution(self, url: url, firstURL: firstURL, compiling: compiling, maximumSize: maximumSize)
        var fetched: [String: MixinResolver.Fetched] = [:]
        while true {
            switch try resolution.next(fetched) {
            case .fetch(let urls): fetched = Dictionary(uniqueKeysWithValues: urls.map { ($0, fetch($0)) })
            case .done(let document, let warnings): return (document, warnings)
            }
        }
    }

    /// The same for the static tools (check, the language server, the graph), which never fetch: the
    /// `file://` mixins are read through `access`, the confinement a run of this document has (the
    /// document's folder and `--allow-read`, links resolved); other URLs stay as written.
    /// `openText` gives a file's text as an editor has it open (unsaved edits), for a file the
    /// confinement allows; the disk otherwise.
    package func resolvingFileMixins(compiling: Bool = true, access: FileAccess,
                                     openText: (String) -> [UInt8]? = { _ in nil }) throws(Diagnostic) -> (Document, [Diagnostic]) {
        guard let name = fileName, !name.hasPrefix("<") else { return (self, []) }
        let url = LocalPath(name).url
        return try resolvingMixins(url: url, firstURL: url, compiling: compiling, maximumSize: access.maximumSize) { wanted in
            guard let path = Document.localPath(ofURL: wanted) else { return .skipped }
            if access.allows(path), let bytes = openText(path) { return Document.mixinDocument(bytes, url: wanted) }
            switch access.contents(of: path) {
            case .success(let bytes): return Document.mixinDocument(bytes, url: wanted)
            case .failure(let refusal): return .failed(refusal.description)
            }
        }
    }

    fileprivate func mixed(_ outcome: MixinResolver.Outcome, compiling: Bool) throws(Diagnostic) -> (Document, [Diagnostic]) {
        if let error = outcome.diagnostics.first(where: { $0.severity == .error }) { throw error }
        var mixedLocator = locator
        mixedLocator.mixedParts = outcome.parts
        return (try Document.load(outcome.value, locator: mixedLocator, compiling: compiling, resolved: true), outcome.diagnostics)
    }

    /// The body of a fetched mixin, parsed; a file that is not JSON is a failed fetch saying where it broke.
    package static func mixinDocument(_ bytes: [UInt8], url: String) -> MixinResolver.Fetched {
        let name = Document.name(forURL: url)
        do {
            let parsed = try JSONParser.parseDocument(SourceFile(name: name, bytes: bytes))
            return .document(parsed.value, parsed.sourceMap, name: name)
        } catch {
            return .failed("\(name):\(error.location): \(error.message)")
        }
    }
}

/// The one resolving loop, whatever fetches: each `next` takes what the last pass fetched, resolves
/// again, and says which URLs to fetch now or gives the document with everything mixed in.
struct MixinResolution {
    enum Step {
        case fetch([String])
        case done(Document, [Diagnostic])
    }

    let document: Document
    let compiling: Bool
    var resolver: MixinResolver

    init(_ document: Document, url: String, firstURL: String, compiling: Bool, maximumSize: Int) {
        (self.document, self.compiling) = (document, compiling)
        resolver = MixinResolver(root: document.root, locator: document.locator, url: url, firstURL: firstURL,
                                 maximumSize: maximumSize)
    }

    mutating func next(_ fetched: [String: MixinResolver.Fetched]) throws(Diagnostic) -> Step {
        guard document.unresolvedMixins else { return .done(document, []) }
        for (url, result) in fetched { resolver.fetched[url] = result }
        let outcome = resolver.resolve()
        if outcome.missing.isEmpty {
            let (mixed, warnings) = try document.mixed(outcome, compiling: compiling)
            return .done(mixed, warnings)
        }
        return .fetch(resolver.wanted(outcome.missing))
    }
}

extension MixinResolver {
    /// The URLs of `missing` to fetch now, within the cap on documents; beyond it each is marked failed,
    /// saying why, and the next pass reports it. Every pass so settles at least one URL for good.
    mutating func wanted(_ missing: Set<String>) -> [String] {
        var urls: [String] = []
        for url in missing.sorted() where fetched[url] == nil {
            if fetched.count + urls.count < Document.maximumMixinDocuments {
                urls.append(url)
            } else {
                fetched[url] = .failed("more than \(Document.maximumMixinDocuments) mixin documents for one document")
            }
        }
        return urls
    }
}
