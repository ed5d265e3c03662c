import Foundation
import JasonAnalysis
import JasonJSON
import JasonRuntime

/// `textDocument/completion`: what may be written at the cursor, from the action declarations and the
/// names the document itself defines.
extension LanguageServer {
    func completion(in document: OpenDocument, at offset: Int) -> JSON {
        let context = CursorContext(document.lines.bytes, cursor: offset)
        var items: [JSON?] = []
        // Some editors filter and insert by their own idea of the word before the cursor, whatever range
        // the reply gives. Neovim 0.7's word is letters, digits and `_`, and it filters and inserts the
        // textEdit's text: that replaces just such a word (after `"$util.` the choices are `toast`,
        // `alert`…). Eglot's word is a symbol of json-mode, where `$` belongs to the word: it filters and
        // inserts insertText (then applies the textEdit), so insertText and filterText start where its word
        // does (`$network.request` for `"$net`). A label that does not go on from the rest of what was
        // typed is left out.
        let typed = context.stringPrefix
        let word = typed.map { Self.word(before: $0, including: "_") } ?? ""
        let symbol = typed.map { Self.word(before: $0, including: "_$") } ?? ""
        let head = typed.map { String($0.dropLast(word.count)) }
        let symbolHead = typed.map { String($0.dropLast(symbol.count)) } ?? ""
        let replaced = head.map { _ in document.range(from: offset - word.utf8.count, to: offset) }
        func item(_ label: String, kind: Int, detail: String? = nil, documentation: String? = nil) -> JSON? {
            var entry: JSONObject = ["label": .string(label), "kind": .int(kind)]
            if let detail { entry["detail"] = .string(detail) }
            if let documentation { entry["documentation"] = ["kind": "markdown", "value": .string(documentation)] }
            if let head, let replaced {
                guard label.hasPrefix(head) else { return nil }
                let rest = String(label.dropFirst(head.count))
                entry["textEdit"] = ["range": replaced, "newText": .string(rest)]
                let fromSymbol = label.hasPrefix(symbolHead) ? String(label.dropFirst(symbolHead.count)) : rest
                entry["filterText"] = .string(fromSymbol)
                entry["insertText"] = .string(fromSymbol)
            } else {
                entry["insertText"] = .string("\"" + label + "\"")
            }
            return .object(entry)
        }
        if let prefix = context.stringPrefix, let (store, partial) = Self.storeReference(prefix) {
            let keys = Self.keys(setIn: document.root, store: store)
            let at = context.stringStart.map { _ in document.range(from: offset - partial.utf8.count, to: offset) }
            items = keys.map { key in
                var entry: JSONObject = ["label": .string(key), "kind": 6, "detail": .string("$\(store).\(key)"),
                                         "insertText": .string(key)]
                if let at { entry["textEdit"] = ["range": at, "newText": .string(key)] }
                return .object(entry)
            }
        } else if context.atKey {
            if context.containerKey == "options", let type = context.levels.dropLast().last?.strings["type"]
                ?? document.root?.value(at: context.container.parent)?["type"]?.stringValue,
                let spec = services.analyzer.registry.spec(for: type) {
                items = spec.options.map {
                    item($0.name, kind: 5, detail: $0.kind.rawValue + ($0.required ? ", required" : ""), documentation: $0.summary)
                }
            } else if Self.isActionPosition(context) {
                items = Self.actionKeys.map { item($0.0, kind: 10, detail: $0.1) }
            }
        } else if let key = context.valueKey {
            if key == "type" {
                items = services.analyzer.registry.specs.filter { $0.type != "trigger" }.map { type, spec in
                    item(type, kind: 3, detail: Self.firstSentence(spec.summary), documentation: services.reference(type))
                }
            } else if key == "trigger" || (key == "name" && context.containerKey == "options"
                                            && document.root?.value(at: context.container.parent)?["type"] == "$lambda") {
                let names = document.root?.value(at: JSONPointer("/$jason/head/actions"))?.objectValue?.keys ?? []
                items = names.filter { !$0.hasPrefix("$") }.map { item($0, kind: 3, detail: "head.actions") }
            }
        }
        return ["isIncomplete": false, "items": .array(items.compactMap { $0 })]
    }

    /// The end of `text` made of letters, digits and the characters of `extra`.
    static func word(before text: String, including extra: String) -> String {
        String(text.reversed().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || extra.contains($0)) }.reversed())
    }

    static let actionKeys = [("type", "the action to run"), ("options", "its options"), ("success", "the next action"),
                             ("error", "the action after a failure"), ("trigger", "call a head.actions entry")]

    /// An object where an action goes: under `head.actions`, or a `success`/`error` branch.
    static func isActionPosition(_ context: CursorContext) -> Bool {
        // An action's `options` hold its options, not another action, even before it has a type.
        if context.containerKey == "options" { return false }
        let pointer = context.container.description
        return pointer.hasPrefix("/$jason/head/actions/") || ["success", "error", "action"].contains(context.containerKey ?? "")
            || context.levels.last?.strings["type"] != nil || pointer.isEmpty
    }

    /// `…{{$get.na` → ("get", "na").
    static func storeReference(_ prefix: String) -> (store: String, partial: String)? {
        guard let open = prefix.range(of: "{{", options: .backwards), !prefix[open.upperBound...].contains("}}"),
              let match = prefix[open.upperBound...].firstMatch(of: /\$(get|global|cache)\.([A-Za-z0-9_$]*)$/)
        else { return nil }
        return (String(match.1), String(match.2))
    }

    /// The keys a document sets in a store: the options of its `$set`, `$global.set`, `$cache.set`.
    static func keys(setIn root: JSON?, store: String) -> [String] {
        let setter = store == "get" ? "$set" : "$\(store).set"
        var keys: [String] = []
        func walk(_ json: JSON) {
            switch json {
            case .object(let members):
                if members["type"] == .string(setter), case .object(let options)? = members["options"] {
                    for key in options.keys where !keys.contains(key) && !key.hasTemplateMarker { keys.append(key) }
                }
                members.values.forEach(walk)
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        root.map(walk)
        return keys
    }

    static func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }
}
