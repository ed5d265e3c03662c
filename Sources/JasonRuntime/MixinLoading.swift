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
        guard unresolvedMixins else { return (self, []) }
        var resolver = MixinResolver(root: root, locator: locator, url: url, firstURL: firstURL, maximumSize: maximumSize)
        resolver.deadline = deadline
        while true {
            let outcome = resolver.resolve()
            if outcome.missing.isEmpty { return try mixed(outcome, compiling: compiling) }
            for (fetchedURL, result) in await fetch(resolver.wanted(outcome.missing)) { resolver.fetched[fetchedURL] = result }
        }
    }

    /// The same, for callers that read synchronously (the checker, the language server).
    package func resolvingMixins(url: String, firstURL: String, compiling: Bool = true,
                                 maximumSize: Int = LocalFile.defaultMaximumSize,
                                 fetchingEach fetch: (String) -> MixinResolver.Fetched) throws(Diagnostic) -> (Document, [Diagnostic]) {
        guard unresolvedMixins else { return (self, []) }
        var resolver = MixinResolver(root: root, locator: locator, url: url, firstURL: firstURL, maximumSize: maximumSize)
        while true {
            let outcome = resolver.resolve()
            if outcome.missing.isEmpty { return try mixed(outcome, compiling: compiling) }
            for missingURL in resolver.wanted(outcome.missing) { resolver.fetched[missingURL] = fetch(missingURL) }
        }
    }

    /// The same for the static tools (check, the language server, the graph), which never fetch: the
    /// `file://` mixins are read through `access`, the confinement a run of this document has (the
    /// document's folder and `--allow-read`, links resolved); other URLs stay as written.
    package func resolvingFileMixins(compiling: Bool = true, access: FileAccess) throws(Diagnostic) -> (Document, [Diagnostic]) {
        guard let name = fileName, !name.hasPrefix("<") else { return (self, []) }
        let url = LocalPath(name).url
        return try resolvingMixins(url: url, firstURL: url, compiling: compiling, maximumSize: access.maximumSize) { wanted in
            guard let path = Document.localPath(ofURL: wanted) else { return .skipped }
            switch access.contents(of: path) {
            case .success(let bytes): return Document.mixinDocument(bytes, url: wanted)
            case .failure(let refusal): return .failed(refusal.description)
            }
        }
    }

    private func mixed(_ outcome: MixinResolver.Outcome, compiling: Bool) throws(Diagnostic) -> (Document, [Diagnostic]) {
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

extension Interpreter {
    /// `document` (from `url`) with its mixins resolved through the run's transport, all of a pass
    /// fetched at once. Warnings are reported; an error is returned for the caller to fail with.
    func resolveMixins(_ document: Document, url: String) async -> Result<Document, Diagnostic> {
        let transport = environment.transport
        do throws(Diagnostic) {
            let (resolved, warnings) = try await document.resolvingMixins(url: url, firstURL: state.views.first?.url ?? url,
                                                                                maximumSize: limits.maxDocumentSize,
                                                                                deadline: wallDeadline.instant, fetchingAll: { urls in
                await withTaskGroup(of: (String, MixinResolver.Fetched).self) { group in
                    for wanted in urls {
                        group.addTask {
                            do throws(ActionFailure) {
                                let response = try await ActionContext.fetch(wanted, for: "mixin", through: transport, from: url)
                                return (wanted, Document.mixinDocument(response.body, url: wanted))
                            } catch {
                                return (wanted, .failed(error.payload?["message"]?.stringValue ?? "it could not be fetched"))
                            }
                        }
                    }
                    var results: [String: MixinResolver.Fetched] = [:]
                    for await (wanted, result) in group { results[wanted] = result }
                    return results
                }
            })
            for warning in warnings { state.issues.report(warning) }
            return .success(resolved)
        } catch {
            return .failure(error)
        }
    }
}
