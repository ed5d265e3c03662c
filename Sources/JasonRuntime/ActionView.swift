import JasonJSON
import JasonTemplate

/// The view an action runs in: its document, and its variables with the action's own changes.
public struct ActionView: Sendable {
    let workspace: ViewWorkspace

    public var document: Document { workspace.document }
    /// `head.templates` of the document.
    public var templates: JSONObject { workspace.document.templates }
    /// The view's variables, with the action's own changes.
    public var variables: ViewVariables { workspace.withWorking { $0.variables } }

    /// register ⊕ variables: the data the action's templates were rendered against.
    public func templateData(jason: JSON?) -> JSON { variables.templateData(jason: jason) }

    /// Transforms `template` against `data` with the interpreter's template engine (st.js's `transform`);
    /// nil when nothing is left of it (st.js drops it).
    public func transform(_ template: JSON, data: JSON) -> JSON? { workspace.transformer.transform(template, data: data).value }

    /// `$set`: merges `members` into `$get`.
    public func mergeGet(_ members: JSONObject) { change { $0.mergeGet(members) } }
    public func replaceBody(_ body: JSON?) { change { $0.setBody(body) } }
    /// The stores' actions keep `$global` and `$cache` in step with what they wrote.
    package func replaceGlobal(_ members: JSONObject) { change { $0.setGlobal(members) } }
    package func replaceCache(_ members: JSONObject) { change { $0.setCache(members) } }
    /// `$render`'s body, drawn from `template` by the action at `path`.
    package func replaceBody(_ body: JSON?, drawnFrom template: String, readsGet: Bool, by path: ActionPath) {
        change { $0.setDrawnBody(body, template: template, readsGet: readsGet, by: path) }
    }
    /// `$render` with a non-empty register makes it the view data (R31), hiding `head.data`'s keys.
    package func replaceViewData(_ data: JSONObject) { change { $0.setViewData(data) } }

    /// The template engine itself, for `$render`'s diagnostics.
    var transformer: Transformer { workspace.transformer }

    private func change(_ body: (inout ViewVariables) -> Void) {
        workspace.withWorking { body(&$0.variables) }
    }
}
