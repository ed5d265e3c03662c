/// The containers of a parsed document that hold, at any depth, a string with `{` or a member name with
/// `#`: the only ones a walk looking for templates and conditionals (`Document.lint`) has to enter. An
/// 11 MB document of plain data is then not walked at all, and one template among its records costs
/// only the records on the way to it.
///
/// Containers are known by where their storage is, which holds only while the parsed tree is neither
/// freed nor changed in place: whoever keeps these beside the tree drops them when the tree changes
/// (`Document.root` does). Keeping the tree here instead would make its storage shared, so that the
/// first change in place copies a container, which for a document's large data costs memory.
package struct MarkedContainers: Sendable {
    private let root: UInt?
    private let storages: Set<UInt>

    init(tree: JSON, storages: Set<UInt>) {
        root = tree.storageAddress
        self.storages = storages
    }

    /// Whether `root` has the parsed tree's storage, so that `mayHoldMarks` can be asked of its parts.
    package func covers(_ root: JSON) -> Bool {
        guard let address = root.storageAddress else { return false }
        return address == self.root
    }

    /// False for a container of the covered tree with no `{` in its strings and no `#` in its names;
    /// true for every other value.
    package func mayHoldMarks(_ value: JSON) -> Bool {
        guard let address = value.storageAddress else { return true }
        return storages.contains(address)
    }
}
