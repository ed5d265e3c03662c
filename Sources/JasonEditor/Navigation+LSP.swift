import Foundation
import JasonAnalysis
import JasonJSON
import JasonRuntime

/// Hover, go-to-definition and the outline.
extension LanguageServer {
    /// The string at the cursor (a value of an object) with the byte range it spans.
    struct StringAtCursor {
        var key: String
        var text: String
        var start: Int
        var end: Int
        var context: CursorContext
    }

    func string(in document: OpenDocument, at offset: Int) -> StringAtCursor? {
        let context = CursorContext(document.lines.bytes, cursor: offset)
        guard let start = context.stringStart, let key = context.valueKey else { return nil }
        let end = document.lines.stringEnd(from: start - 1)
        let raw = document.lines.bytes[start..<max(start, end - 1)]
        return StringAtCursor(key: key, text: CursorContext.decode(raw), start: start - 1, end: end, context: context)
    }

    /// `textDocument/hover` over an action type: the reference `jasonrun help TYPE` prints; over an
    /// option's name: what the declaration says of it.
    func hover(in document: OpenDocument, at offset: Int) -> JSON {
        if let found = string(in: document, at: offset), found.key == "type" {
            let range = document.range(from: found.start, to: found.end)
            if let text = services.reference(found.text) {
                return ["contents": ["kind": "markdown", "value": .string("```text\n" + text + "```")], "range": range]
            }
            // What a run would say of it, so the hover explains the squiggle under it.
            let known = services.analyzer.registry.specs.map(\.type).sorted()
            var text = "**unknown action type** `\(found.text)`: no action of that name exists"
            if let near = Suggestion.closest(to: found.text, among: known) { text += "; did you mean `\(near)`?" }
            return ["contents": ["kind": "markdown", "value": .string(text)], "range": range]
        }
        let context = CursorContext(document.lines.bytes, cursor: offset)
        guard context.atKey, let start = context.stringStart, context.containerKey == "options",
              let type = context.levels.dropLast().last?.strings["type"]
                ?? document.root?.value(at: context.container.parent)?["type"]?.stringValue,
              let spec = services.analyzer.registry.spec(for: type) else { return .null }
        let end = document.lines.stringEnd(from: start - 1)
        let name = CursorContext.decode(document.lines.bytes[start..<max(start, end - 1)])
        guard let option = spec.options.first(where: { $0.name == name }) else { return .null }
        var text = "**\(type)** option `\(name)`: \(option.kind.rawValue)\(option.required ? ", required" : "")"
        if let fallback = option.defaultValue { text += ", default `\(fallback)`" }
        return ["contents": ["kind": "markdown", "value": .string(text + "\n\n" + option.summary)],
                "range": document.range(from: start - 1, to: end)]
    }

    /// `textDocument/definition`: a trigger name to its `head.actions` entry; a relative `$href` URL to
    /// the file.
    func definition(in document: OpenDocument, at offset: Int) -> JSON {
        guard let found = string(in: document, at: offset) else { return .null }
        let isLambdaName = found.key == "name" && found.context.containerKey == "options"
            && document.root?.value(at: found.context.container.parent)?["type"] == "$lambda"
        if found.key == "trigger" || isLambdaName {
            let pointer = JSONPointer("/$jason/head/actions").appending(found.text)
            guard let map = document.lastParsed?.sourceMap, let start = map.offset(of: pointer) else { return .null }
            return ["uri": .string(document.uri), "range": document.range(from: start, to: start)]
        }
        if found.key == "url", let path = document.path, !found.text.contains(":"), !found.text.hasTemplateMarker,
           !found.text.isEmpty {
            let target = URL(fileURLWithPath: path).deletingLastPathComponent()
                .appendingPathComponent(String(found.text.prefix { $0 != "?" && $0 != "#" })).standardizedFileURL
            guard FileManager.default.fileExists(atPath: target.path) else { return .null }
            let zero: JSON = ["line": 0, "character": 0]
            return ["uri": .string(target.absoluteString), "range": ["start": zero, "end": zero]]
        }
        return .null
    }

    /// `textDocument/documentSymbol`: the entries of `head.actions`, each with what it does first.
    func symbols(in document: OpenDocument) -> JSON {
        guard let parsed = document.lastParsed,
              case .object(let actions)? = parsed.value.value(at: JSONPointer("/$jason/head/actions")) else { return [] }
        var symbols: [JSON] = []
        for (name, action) in actions {
            guard let start = parsed.sourceMap.offset(of: JSONPointer("/$jason/head/actions").appending(name)),
                  start <= document.lines.bytes.count else { continue }
            let end = document.lines.valueEnd(from: start)
            // The symbol's name is its key: that is what an editor selects and shows as the symbol.
            let key = SourceMap.keyStart(beforeValueAt: start, in: document.lines.bytes) ?? start
            let keyEnd = key < start ? document.lines.stringEnd(from: key) : start
            var detail = ""
            if let type = action["type"]?.stringValue { detail = type }
            else if let trigger = action["trigger"]?.stringValue { detail = "trigger " + trigger }
            else if action.arrayValue != nil { detail = "conditional" }
            symbols.append(["name": .string(name), "detail": .string(detail), "kind": .int(name.hasPrefix("$") ? 24 : 12),
                            "range": document.range(from: key, to: end),
                            "selectionRange": document.range(from: key, to: keyEnd)])
        }
        return .array(symbols)
    }
}
