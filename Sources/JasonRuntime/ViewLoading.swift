#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JasonJSON

/// Opening views: building one for a document, drawing it, and fetching a document by URL.
extension Interpreter {
    /// A view for `document` at `url`, with fresh variables and an environment that names it.
    func makeView(_ document: Document, url: String, transition: View.Transition, params: JSONObject) -> View {
        var environment = environment
        environment.viewURL = url
        if case .object(var members) = environment.device {
            members["view"] = ["url": .string(url)]
            environment.device = .object(members)
        }
        let state = ViewState(viewData: document.data, env: environment.device, params: params)
        let context = ActionContext(state: state, environment: environment, inbox: inbox, timers: timers,
                                    templates: document.templates, renderer: renderer, document: document,
                                    firstURL: views.all.first?.url ?? url,
                                    scripts: scriptEngine, issues: issues)
        return View(document: document, url: url, transition: transition, state: state, context: context)
    }

    /// Draws a view that has just come on screen and queues its `$load` (or `$show`).
    func present(_ view: View, runLoad: Bool = true, jason: JSON? = nil) {
        loadStores(view)
        let document = view.document
        if let template = document.templates["body"], !document.data.isEmpty {
            let body = renderer.render(template, data: view.state.templateData(jason: nil)).value ?? .null
            view.state.replaceBody(body)
            view.context.console.present(body: body)
        } else {
            view.state.replaceBody(document.body)
        }
        guard runLoad else { return }
        if document.actions["$load"] != nil {
            inbox.post(QueuedCall(.named("$load"), jason: jason))
        } else if document.actions["$show"] != nil {
            inbox.post(QueuedCall(.named("$show"), jason: jason))
        }
    }

    /// `$global` and the view's `$cache` as stored; a damaged store is reported, never silently emptied.
    func loadStores(_ view: View) {
        let stores = environment.stores
        let url = view.url.lowercased()
        for (name, store, apply) in [("$global", stores.global, view.state.replaceGlobal),
                                     ("$cache", stores.cache(url), view.state.replaceCache)] {
            do {
                let contents = try store.load()
                apply(contents.value)
                if let notice = contents.notice { issues.report(Diagnostic(.store, .warning, notice)) }
            } catch {
                issues.report(Diagnostic(.store, .warning, "\(name) could not be read: \(error)"))
            }
        }
    }

    /// Fetches and checks the document at `url` through the transport (files, stubs, the network), as
    /// the view on screen asks for it (a document loaded over the network may not read local files).
    func loadDocument(_ url: String) async -> Result<Document, ActionFailure> {
        let response: HTTPResponse
        do { response = try await (views.top?.context.environment ?? environment).fetch(url, for: "$href") } catch { return .failure(error) }
        let name = URL(string: url).flatMap { $0.isFileURL ? $0.path : nil } ?? url
        do {
            return .success(try Document.load(SourceFile(name: name, bytes: response.body)))
        } catch {
            let place = name + (error.location.map { ":\($0)" } ?? "")
            let pointer = error.pointer.flatMap { $0 == .root ? nil : " (at \($0))" } ?? ""
            return .failure(ActionFailure(payload: ["message": .string(place + ": " + error.message + pointer),
                                                    "type": "$href",
                                                    "url": .string(url)]))
        }
    }
}

extension ActionContext {
    /// A URL written in the document, made absolute (DESIGN §3): relative to this view's URL, and
    /// `file://name` (the app bundle on the phone) relative to the folder of the first document.
    public func absoluteURL(_ written: String) -> String {
        var written = written
        var base = environment.viewURL
        if written.hasPrefix("file://"), !written.hasPrefix("file:///") {
            written.removeFirst("file://".count)
            base = firstURL
        }
        if let url = URL(string: written), url.scheme != nil { return written }
        guard let baseURL = URL(string: base), baseURL.scheme != nil,
              let resolved = URL(string: written, relativeTo: baseURL) else { return written }
        return resolved.absoluteString
    }
}
