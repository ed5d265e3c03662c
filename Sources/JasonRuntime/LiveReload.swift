import Foundation
import JasonJSON

/// Live reload for the faces that show a screen (the preview): a document edited while it runs is put
/// in place of the old one in every open view that came from its URL, keeping what the run holds — the
/// views' variables (`$get`, params…), `$global` and the stores, the view stack, timers and callbacks —
/// and its body is drawn again. `$load` does not run again: the edit loop of a fast refresh.
extension Interpreter {
    /// Loads the document at `url` again (through the run's transport and file confinement) and puts it
    /// in place in the views that show it. A document that does not load changes nothing: the failure is
    /// reported (`invalid-document`, naming where it went wrong) and returned.
    package func reloadInPlace(_ url: String) async -> ActionFailure? {
        let document: Document
        switch await loadDocument(url) {
        case .success(let loaded): document = loaded
        case .failure(let failure):
            let file = Document.name(forURL: url)
            let why = failure.payload?["message"]?.stringValue ?? "it could not be loaded"
            state.issues.report(Diagnostic(.invalidDocument, .warning, "\(file) was not reloaded: \(why)", file: file))
            return failure
        }
        for index in state.views.indices where state.views[index].url == url {
            swap(document, at: index)
        }
        return nil
    }

    private func swap(_ document: Document, at index: Int) {
        let old = state.views[index]
        var view = makeView(document, url: old.url, transition: old.transition, params: old.variables.params)
        var variables = old.variables
        variables.setViewData(document.data)
        view.variables = variables
        view.callback = old.callback
        state.timers.move(from: old.id, to: view.id)
        state.views[index] = view
        redraw(at: index)
    }

    /// The body again, from the new document: its template drawn with the view's variables, else its
    /// written body; a document with neither keeps what is on screen.
    private func redraw(at index: Int) {
        let body: JSON
        if let (drawn, problems) = drawBodyTemplate(at: index) {
            for diagnostic in problems { state.issues.report(diagnostic) }
            body = drawn
        } else if let written = state.views[index].document.body {
            body = written
        } else {
            return
        }
        state.views[index].variables.setBody(body)
        if index == state.topIndex { environment.console.present(body: body) }
    }
}

extension RunState {
    /// The URLs of the open views, each once, bottom first, with the local files each was assembled from:
    /// its own and its mixins' (an edit to either reloads it).
    package var openDocumentFiles: [(url: String, files: [String])] {
        var seen: Set<String> = []
        return views.filter { seen.insert($0.url).inserted }.map { view in
            let own = Document.localPath(ofURL: view.url).map { [$0] } ?? []
            return (view.url, own + view.document.mixinSources.map(\.name).filter { $0.hasPrefix("/") })
        }
    }
}
