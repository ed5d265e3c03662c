import JasonJSON

/// Fetching the documents a run opens: a view's document by URL, and a document's mixins, through the
/// run's transport only (files, stubs, recordings, the network), all of a mixin pass fetched at once.
/// Not the loop: the interpreter makes one when a view needs its document, and reports what it warns of.
struct DocumentFetcher {
    let transport: any HTTPTransport
    /// The first document's URL: `file://name` in a mixin is relative to its folder.
    let firstURL: String?
    let maximumSize: Int
    /// When `--wall-limit` runs out, if it is set.
    let deadline: ContinuousClock.Instant?

    /// A fetched document with its mixins resolved, and what resolving them warned of.
    struct Fetched {
        var document: Document
        var warnings: [Diagnostic] = []
    }

    /// Fetches and checks the document at `url` as the view at `origin` asks for it (a document loaded
    /// over the network may not read local files). A document that does not load is the failure of
    /// the `$href` that asked for it, naming the file, line:column and pointer where it went wrong.
    func load(_ url: String, from origin: String) async -> Result<Fetched, ActionFailure> {
        let response: HTTPResponse
        do {
            response = try await ActionNetwork.fetch(url, for: "$href", through: transport, from: origin)
        } catch { return .failure(error) }
        let name = Document.name(forURL: url)
        do {
            let document = try Document.load(SourceFile(name: name, bytes: response.body))
            guard document.unresolvedMixins else { return .success(Fetched(document: document)) }
            return .success(try await resolveMixins(document, url: url).get())
        } catch {
            let place = (error.file ?? name) + (error.location.map { ":\($0)" } ?? "")
            let pointer = error.pointer.flatMap { $0 == .root ? nil : " (at \($0))" } ?? ""
            return .failure(ActionFailure(payload: ["message": .string(place + ": " + error.message + pointer),
                                                    "type": "$href",
                                                    "url": .string(url)]))
        }
    }

    /// `document` (from `url`) with its mixins resolved; an error is returned for the caller to fail with.
    func resolveMixins(_ document: Document, url: String) async -> Result<Fetched, Diagnostic> {
        let transport = transport
        do throws(Diagnostic) {
            let (resolved, warnings) = try await document.resolvingMixins(url: url, firstURL: firstURL ?? url,
                                                                          maximumSize: maximumSize, deadline: deadline,
                                                                          fetchingAll: { urls in
                await withTaskGroup(of: (String, MixinResolver.Fetched).self) { group in
                    for wanted in urls {
                        group.addTask {
                            do throws(ActionFailure) {
                                let response = try await ActionNetwork.fetch(wanted, for: "mixin", through: transport, from: url)
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
            return .success(Fetched(document: resolved, warnings: warnings))
        } catch {
            return .failure(error)
        }
    }
}

extension Interpreter {
    /// What fetches the documents of this run's views, as its limits stand now.
    var fetcher: DocumentFetcher {
        DocumentFetcher(transport: environment.transport, firstURL: state.views.first?.url,
                        maximumSize: limits.maxDocumentSize, deadline: wallDeadline.instant)
    }

    /// The document at `url`, as the view on screen asks for it; what its mixins warned of is reported.
    func loadDocument(_ url: String) async -> Result<Document, ActionFailure> {
        fetched(await fetcher.load(url, from: state.top.url))
    }

    /// The document, with what fetching it warned of reported.
    func fetched<Failure: Error>(_ result: Result<DocumentFetcher.Fetched, Failure>) -> Result<Document, Failure> {
        result.map { fetched in
            for warning in fetched.warnings { state.issues.report(warning) }
            return fetched.document
        }
    }
}
