import Foundation
import JasonJSON
import JasonRuntime

extension Pass {
    /// An `$agent.*` action's `id` against `head.agents`, and a request's `method` against the functions
    /// the agent's page defines when the page is a local file (a run fails the same way when it calls).
    mutating func agentCall(_ type: String, _ options: JSONObject, at pointer: JSONPointer, action: JSONPointer) {
        // `$webcontainer` and such name the phone's own web views, not entries of head.agents.
        guard case .string(let id)? = options["id"], !id.hasTemplateMarker, !id.hasPrefix("$") else { return }
        let agents = root.value(at: JSONPointer("/$jason/head/agents"))?.objectValue ?? [:]
        guard let declared = agents[id] else {
            let names = agents.keys.sorted()
            var message = AgentNames.undeclared(id, names)
            let near = Suggestion.closest(to: id, among: names)
            if let near { message += "; did you mean '\(near)'?" }
            report(.unknownAgent, Self.severity(runsFor: action), message, at: pointer.appending("id"), fix: near.map { (id, $0) })
            return
        }
        guard type == "$agent.request", case .string(let method)? = options["method"], !method.hasTemplateMarker,
              case .string(let url)? = declared["url"], let defined = functions(ofPageAt: url), !defined.contains(method)
        else { return }
        var message = "agent '\(id)': its page \(url) defines no function '\(method)', so the request fails"
        let near = Suggestion.closest(to: method, among: defined.sorted())
        if let near { message += "; did you mean '\(near)'?" }
        report(.unknownAgent, .warning, message, at: pointer.appending("method"), fix: near.map { (method, $0) })
    }

    /// The names a local agent page (and the local scripts it loads) defines at the top level; nil when
    /// the page is remote, cannot be read, or loads a script from elsewhere (which may define any name).
    func functions(ofPageAt url: String) -> Set<String>? {
        guard let name = locator.fileName, !name.hasPrefix("<") else { return nil }
        let access = analyzer.access(for: name)
        func read(_ written: String) -> String? {
            let relative = written.hasPrefix("file://") ? String(written.dropFirst("file://".count)) : written
            guard !relative.isEmpty, !relative.contains(":"), !relative.hasTemplateMarker else { return nil }
            let path = relative.hasPrefix("/") ? relative : directory + relative
            guard case .success(let bytes) = access.contents(of: path) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let page = read(url) else { return nil }
        var texts = [page]
        for match in page.matches(of: #/<script[^>]*\ssrc\s*=\s*["']([^"']+)["']/#.ignoresCase()) {
            guard let script = read(String(match.1)) else { return nil }
            texts.append(script)
        }
        var names = Set<String>()
        for text in texts {
            for match in text.matches(of: #/(?:function\s+|(?:var|let|const)\s+|window\.|self\.)([A-Za-z_$][\w$]*)/#) {
                names.insert(String(match.1))
            }
        }
        return names
    }
}
