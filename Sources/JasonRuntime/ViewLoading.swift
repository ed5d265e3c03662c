#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JasonJSON

/// Opening views: building one for a document, drawing it, and fetching a document by URL.
extension Interpreter {
    /// A view for `document` at `url`, with fresh variables; `$env` names its URL.
    func makeView(_ document: Document, url: String, transition: ViewRecord.Transition, params: JSONObject) -> ViewRecord {
        var device = environment.device
        if case .object(var members) = device {
            members["view"] = ["url": .string(url)]
            device = .object(members)
        }
        defer { state.nextView += 1 }
        // The view this one replaces, if any, is let go of at the next view made (or restore, or back).
        services.keepOnly(state.views)
        let opened = ViewRecord.Opened(id: state.nextView, document: document, url: url, servicesKey: services.newKey())
        return ViewRecord(opened: opened, transition: transition,
                          variables: ViewVariables(viewData: document.data, env: device, params: params))
    }

    /// The workspace the actions of the view at `index` are given, made when first needed.
    func workspace(at index: Int) -> ViewWorkspace {
        services.workspace(state.views[index].servicesKey) {
            let view = state.views[index]
            return ViewWorkspace(id: view.id, document: view.document, url: view.url, firstURL: state.views[0].url,
                                 environment: environment, scripts: scriptEngine, transformer: transformer, late: mailbox)
        }
    }

    /// `head.templates.body` of the view at `index` drawn from its variables, with what failed in it
    /// (located in the template); nil when the document has no body template.
    func drawBodyTemplate(at index: Int) -> (body: JSON, problems: [Diagnostic])? {
        let document = state.views[index].document
        guard let template = document.templates["body"] else { return nil }
        let drawn = transformer.transform(template, data: state.views[index].variables.templateData(jason: nil))
        return (drawn.value ?? .null, RenderAction.located(drawn.diagnostics, template: "body", in: document))
    }

    /// Draws the view at `index`, which has just come on screen, and queues its `$load` (or `$show`).
    func present(at index: Int, runLoad: Bool = true, jason: JSON? = nil) {
        loadStores(at: index)
        let document = state.views[index].document
        // The body template drawn from head.data, or the body as written: the phone draws either at load.
        let fromTemplate = document.data.isEmpty ? nil : drawBodyTemplate(at: index)
        let (drawn, problems) = fromTemplate.map { (Optional($0.0), $0.1) } ?? (document.body, [])
        state.views[index].variables.setBody(drawn)
        if let body = drawn {
            if runLoad, let load = document.actions["$load"], Self.mayDraw(load, in: document) {
                // Drawn again by $load's $render before anyone sees it, most likely: that drawing says what failed.
                state.views[index].unshownBody = body
                state.views[index].unshownProblems = problems
            } else {
                for diagnostic in problems { state.issues.report(diagnostic) }
                environment.console.present(body: body)
            }
        }
        guard runLoad else { return }
        makeAgents()
        if document.actions["$load"] != nil {
            state.queue.append(QueuedCall(.named("$load"), jason: jason))
        } else if document.actions["$show"] != nil {
            state.queue.append(QueuedCall(.named("$show"), jason: jason))
        }
    }

    /// The view on top goes away: its timers stop, and the view below shows again with the one app-wide
    /// `$global` as the closed view left it (it may have changed it).
    func removeTopView() {
        state.timers.stop(view: state.top.id)
        let global = state.top.variables.global
        state.views.removeLast()
        services.keepOnly(state.views)
        state.views[state.topIndex].variables.setGlobal(global)
        makeAgents()
    }

    /// The agents of the view on screen are made afresh as it comes on screen, as the phone makes them at
    /// view load and again when the view shows after another (its agents detached and attached): each a
    /// call of `$agent.refresh` queued before the view's `$load` or `$show`, so a page's load-time
    /// triggers run then, and a cleared agent stays cleared. A page that fails to load is said at the
    /// first action that uses the agent, where the flow can handle it.
    func makeAgents() {
        guard case .object(let agents)? = state.top.document.root["$jason"]?["head"]?["agents"],
              registry.spec(for: "$agent.refresh") != nil else { return }
        for id in agents.keys {
            let refresh: JSON = ["type": "$agent.refresh", "options": ["id": .string(id)], "error": [:]]
            state.queue.append(QueuedCall(.json(refresh, origin: "head.agents.\(id)")))
        }
    }

    /// Whether a chain from `node` may reach `$render` (through branches, conditionals and the lambdas it
    /// triggers by name): then the body drawn at load is shown only if that chain ends without drawing.
    static func mayDraw(_ node: ActionNode, in document: Document) -> Bool {
        var nodes = [node]
        var visited: Set<String> = []
        while let next = nodes.popLast() {
            switch next {
            case .call(let call):
                if case .type("$render") = call.target { return true }
                if case .trigger(let name) = call.target, visited.insert(name).inserted, let callee = document.actions[name] {
                    nodes.append(callee)
                }
                nodes += [call.success, call.error].compactMap { $0 }
            case .conditional(let conditional):
                // A branch compiled only when it runs could be anything.
                if conditional.compiled.contains(where: { $0 == nil }) { return true }
                nodes += conditional.compiled.compactMap { $0 }
            case .template:
                return true   // filled in at run time: it may be anything
            case .empty, .malformed:
                break
            }
        }
        return false
    }

    /// `$global` and the view's `$cache` as stored; a damaged store is reported, never silently emptied.
    func loadStores(at index: Int) {
        let url = state.views[index].url.lowercased()
        for name in [StoreName.global, StoreName.cache(url)] {
            var value = state.stores[name] ?? [:]
            if let file = environment.stores.file(name) {
                do {
                    let contents = try file.load()
                    value = contents.value
                    if let notice = contents.notice { state.issues.report(Diagnostic(.store, .warning, notice)) }
                } catch {
                    let shown = name == StoreName.global ? "$global" : "$cache"
                    state.issues.report(Diagnostic(.store, .warning, "\(shown) could not be read: \(error)"))
                    continue
                }
            }
            if name == StoreName.global { state.views[index].variables.setGlobal(value) } else { state.views[index].variables.setCache(value) }
        }
    }
}

extension Interpreter {
    /// A URL written in the document on screen, made absolute.
    func absoluteURL(_ written: String) -> String {
        ActionNetwork.absoluteURL(written, from: state.top.url, first: state.views[0].url)
    }
}

extension Document {
    /// The file a `file://` URL names; nil for any other URL.
    package static func localPath(ofURL url: String) -> String? {
        URL(string: url).flatMap { $0.isFileURL ? $0.path : nil }
    }

    /// How a document fetched from `url` is named in messages and locations: a local file by its path.
    package static func name(forURL url: String) -> String { localPath(ofURL: url) ?? url }
}
