import JasonJSON
import JasonRuntime

/// Rename of a `head.actions` name and the list of its callers: the name's key, and every `trigger` and
/// `$lambda` that calls it by that name (names built by a template are not followed).
extension LanguageServer {
    /// Where a name is written: the quoted string from its opening to its closing quote.
    struct NameSite {
        var name: String
        var start: Int
        var end: Int
        var isDeclaration: Bool
    }

    /// Every place of the current text that names a `head.actions` entry; empty when the text is not JSON.
    func nameSites(in document: OpenDocument) -> [NameSite] {
        guard let parsed = document.report.parsed else { return [] }
        let bytes = document.lines.bytes
        var sites: [NameSite] = []
        func add(_ name: String, from start: Int, declaration: Bool) {
            // Written plainly, so that replacing the string's bytes renames exactly this name.
            let written = Array(JSONPrinter.compact(.string(name)).utf8)
            guard start + written.count <= bytes.count, Array(bytes[start..<start + written.count]) == written else { return }
            sites.append(NameSite(name: name, start: start, end: start + written.count, isDeclaration: declaration))
        }
        let actionsPointer = JSONPointer("/$jason/head/actions")
        if case .object(let actions)? = parsed.value.value(at: actionsPointer) {
            for name in actions.keys {
                guard let value = parsed.sourceMap.offset(of: actionsPointer.appending(name)),
                      let key = SourceMap.keyStart(beforeValueAt: value, in: bytes) else { continue }
                add(name, from: key, declaration: true)
            }
        }
        parsed.value.forEachNode { json, trail in
            guard case .object(let members) = json else { return }
            if case .string(let name)? = members["trigger"], let at = parsed.sourceMap.offset(of: trail.pointer.appending("trigger")) {
                add(name, from: at, declaration: false)
            }
            if members["type"] == "$lambda", case .string(let name)? = members["options"]?["name"],
               let at = parsed.sourceMap.offset(of: trail.pointer.appending("options").appending("name")) {
                add(name, from: at, declaration: false)
            }
        }
        let declared = Set(sites.filter(\.isDeclaration).map(\.name))
        return sites.filter { declared.contains($0.name) }
    }

    /// The name at the cursor, and every site that names it.
    func sites(in document: OpenDocument, at offset: Int) -> (name: String, all: [NameSite])? {
        let all = nameSites(in: document)
        guard let here = all.first(where: { $0.start <= offset && offset <= $0.end }) else { return nil }
        return (here.name, all.filter { $0.name == here.name })
    }

    /// `textDocument/prepareRename`: the name inside its quotes, or null where nothing can be renamed.
    func prepareRename(in document: OpenDocument, at offset: Int) -> JSON {
        guard let (name, all) = sites(in: document, at: offset),
              let here = all.first(where: { $0.start <= offset && offset <= $0.end }) else { return .null }
        return ["range": document.range(from: here.start + 1, to: here.end - 1), "placeholder": .string(name)]
    }

    /// `textDocument/rename`: the key and its callers, renamed in one edit.
    func rename(in document: OpenDocument, at offset: Int, to newName: String) -> Result<JSON, RPC.Problem> {
        guard let (name, all) = sites(in: document, at: offset) else {
            return .failure(RPC.Problem(id: nil, code: .invalidParams, message: "no head.actions name here to rename"))
        }
        guard !newName.isEmpty, !newName.hasTemplateMarker else {
            return .failure(RPC.Problem(id: nil, code: .invalidParams, message: "a name of head.actions cannot be empty or hold {{ }}"))
        }
        if newName != name, nameSites(in: document).contains(where: { $0.isDeclaration && $0.name == newName }) {
            return .failure(RPC.Problem(id: nil, code: .invalidParams, message: "head.actions already has an action named '\(newName)'"))
        }
        let text = JSON.string(JSONPrinter.compact(.string(newName)))
        let edits = all.map { site -> JSON in ["range": document.range(from: site.start, to: site.end), "newText": text] }
        return .success(["changes": [document.uri: .array(edits)]])
    }

    /// `textDocument/references`: the calls of the name at the cursor (and its key, when asked).
    func references(in document: OpenDocument, at offset: Int, includeDeclaration: Bool) -> JSON {
        guard let (_, all) = sites(in: document, at: offset) else { return [] }
        return .array(all.filter { includeDeclaration || !$0.isDeclaration }.map { site in
            ["uri": .string(document.uri), "range": document.range(from: site.start + 1, to: site.end - 1)]
        })
    }
}
