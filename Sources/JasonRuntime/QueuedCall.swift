import JasonJSON

/// A call waiting for its turn: an action (or an event handler's name) and the `$jason` it starts with.
package struct QueuedCall: Sendable {
    package enum Start: Sendable {
        /// An action, parsed: from the document, a timer, a tapped item.
        case node(ActionNode)
        /// A key of `head.actions`, looked up when the call runs (`$load`, a host's event).
        case named(String)
        /// JSON that still has to be parsed as an action (typed at the REPL, sent by a host).
        case json(JSON, origin: String)
        /// A suspended chain going on: the `success` of a `$href` after `$ok`, with its open lambda frames.
        case resume(ActionNode, frames: [ActionCall], origin: String)
    }

    package var start: Start
    package var jason: JSON?

    package init(_ start: Start, jason: JSON? = nil) {
        self.start = start
        self.jason = jason
    }

    /// Where the chain it starts comes from, as the trace names it (`chainStarted`).
    package var origin: String {
        switch start {
        case .node(let node): node.path.description
        case .named(let name): name
        case .resume(_, _, let label), .json(_, let label): label
        }
    }

    /// An action written in `document` at `path` (a tapped item's `action`, a picker item's), parsed now:
    /// what is wrong with it fails the chain when it runs, located there.
    package static func written(_ action: JSON, at path: ActionPath, in document: Document, jason: JSON? = nil) -> QueuedCall {
        QueuedCall(.node(ActionNode.parseWritten(action, at: path, in: document)), jason: jason)
    }
}

extension ActionNode {
    /// An action that was written in `document` at `path` and rendered since: located in the document
    /// when it comes from it. A value that is no action at all becomes a malformed node, which fails when
    /// it runs, as the reference fails only then.
    package static func parseWritten(_ json: JSON, at path: ActionPath, in document: Document) -> ActionNode {
        let locator = path.file == document.locator.fileName ? document.locator : SourceLocator(sourceMap: nil, fileName: path.file)
        do { return try parse(json, at: path.pointer, locator: locator) } catch { return .malformed(error) }
    }
}
