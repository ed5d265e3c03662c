import JasonActions
import JasonJSON
import JasonRuntime

/// `$util.toast`, `banner`, `alert`, `picker` and `datepicker` as the page shows them: overlays that the
/// user answers in the browser. They replace the terminal's handlers in the preview's registry and keep
/// their declarations; an answer in the `--stubs` file still comes first, as in a terminal run.
package enum OverlayActions {
    /// `registry` with the overlay handlers in place of the terminal's.
    package static func install(in registry: inout ActionRegistry, link: PreviewLink) {
        let spec = { (name: String) in UtilActions.handlers[name]?.spec }
        registry.register(group: "util", [
            "toast": ClosureHandler(spec("toast")) { invocation, context in
                context.output.print("[toast] " + text(invocation.optionObject["text"]))
                link.show("toast", .object(invocation.optionObject))
                return nil
            },
            "banner": ClosureHandler(spec("banner")) { invocation, context in
                let options = invocation.optionObject
                let line = [text(options["title"]), text(options["description"])].filter { !$0.isEmpty }
                context.output.print("[banner] " + line.joined(separator: ": "))
                link.show("banner", .object(options))
                return nil
            },
            "alert": ClosureHandler(spec("alert")) { invocation, context throws(ActionFailure) in
                if let stubbed = context.answers.next(for: invocation.type) {
                    return try apply(stubbed, type: invocation.type, cancelFails: true)
                }
                switch await link.ask("alert", .object(invocation.optionObject)) {
                case .cancel: throw ActionFailure(message: "cancelled", type: invocation.type)
                case .value(let value):
                    let hasForm = !(invocation.optionObject["form"]?.arrayValue ?? []).isEmpty
                    return hasForm ? (value?.objectValue.map(JSON.object) ?? .emptyObject) : nil
                }
            },
            "picker": ClosureHandler(spec("picker")) { invocation, context throws(ActionFailure) in
                let items = invocation.optionObject["items"]?.arrayValue ?? []
                var chosen: Int?
                if let stubbed = context.answers.next(for: invocation.type) {
                    // As in a terminal: the item's number as shown (from 1), or its text.
                    let choice = try text(apply(stubbed, type: invocation.type, cancelFails: false))
                    chosen = Int(choice).map { $0 - 1 } ?? items.firstIndex { text($0["text"]) == choice }
                } else if case .value(let value) = await link.ask("picker", .object(invocation.optionObject)),
                          case .int(let index)? = value?["index"] {
                    chosen = index
                }
                guard let index = chosen, items.indices.contains(index) else { throw ActionFailure.endOfChain }
                let base = invocation.path.pointer.appending("options").appending("items").appending(index)
                let item = items[index]
                if let action = item["action"] {
                    context.queue.post(.written(action, at: ActionPath(pointer: base.appending("action"), file: invocation.path.file),
                                          in: context.view.document))
                } else if let href = item["href"] {
                    context.queue.post(.written(["type": "$href", "options": href],
                                          at: ActionPath(pointer: base.appending("href"), file: invocation.path.file),
                                          in: context.view.document))
                }
                throw ActionFailure.endOfChain
            },
            "datepicker": ClosureHandler(spec("datepicker")) { invocation, context throws(ActionFailure) in
                if let stubbed = context.answers.next(for: invocation.type) {
                    return try apply(stubbed, type: invocation.type, cancelFails: false)
                }
                guard case .value(let value) = await link.ask("datepicker", .object(invocation.optionObject)),
                      let seconds = value?.doubleValue ?? value?.stringValue.flatMap({ Double($0) })
                else { throw ActionFailure.endOfChain }
                return ["value": .string(JSNumber.format(seconds.rounded(.down)))]
            },
        ])
    }

    /// A stubbed answer, as the terminal's handlers take it.
    static func apply(_ answer: DeviceAnswer, type: String, cancelFails: Bool) throws(ActionFailure) -> JSON? {
        switch answer {
        case .value(let value): return value
        case .error(let payload): throw ActionFailure(payload: payload)
        case .cancel: throw cancelFails ? ActionFailure(message: "cancelled", type: type) : .endOfChain
        }
    }

    static func text(_ value: JSON?) -> String {
        switch value {
        case nil, .null?: ""
        case .string(let s)?: s
        case let other?: other.description
        }
    }
}
