/// What each view's actions are given besides the state (its `ViewWorkspace`: the document's services,
/// its agents, the lock its working copy is lent under), kept by the interpreter beside the run's state
/// rather than in it, so that a snapshot holds values only.
///
/// A view is found by its `servicesKey`, which, unlike a view's id, never goes back when a snapshot is
/// restored: two views made on two sides of a restore never share services. A view whose services were
/// let go (it closed, then a snapshot brought it back) gets them made again; its agents are then made again
/// when next used, as after any restore.
struct ViewServices {
    private var workspaces: [Int: ViewWorkspace] = [:]
    private var nextKey = 1
    /// The workspace asked for last, asked again at every action of a view.
    private var last: (key: Int, workspace: ViewWorkspace)?

    /// A key for a view about to be made.
    mutating func newKey() -> Int {
        defer { nextKey += 1 }
        return nextKey
    }

    /// The services kept under `key`, made by `make` when there are none.
    mutating func workspace(_ key: Int, make: () -> ViewWorkspace) -> ViewWorkspace {
        if let last, last.key == key { return last.workspace }
        let workspace = workspaces[key] ?? make()
        workspaces[key] = workspace
        last = (key, workspace)
        return workspace
    }

    /// Lets go of the services of every view but `views` (a view is made, one closed, or a restore).
    mutating func keepOnly(_ views: [ViewRecord]) {
        let kept = Set(views.map(\.servicesKey))
        workspaces = workspaces.filter { kept.contains($0.key) }
        if let key = last?.key, !kept.contains(key) { last = nil }
    }

    /// The services of `view`, if it has any now.
    func existing(for view: ViewRecord) -> ViewWorkspace? { workspaces[view.servicesKey] }
}
