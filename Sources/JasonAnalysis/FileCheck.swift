import Foundation
import JasonJSON
import JasonRuntime

extension Pass {
    /// `$href` URLs, `$require` URLs and `file://` URLs anywhere that name a file beside the document
    /// which is not there.
    mutating func fileReferences(_ json: JSON, at trail: inout PointerTrail) {
        switch json {
        case .string(let text) where text.hasPrefix("file://"):
            missing(String(text.dropFirst("file://".count)), at: trail.pointer)
        case .object(let members):
            if case .string(let type)? = members["type"], case .object(let options)? = members["options"] {
                let optionsAt = trail.pointer.appending("options")
                if type == "$href" || type == "$visit", case .string(let url)? = options["url"],
                   (options["view"]?.stringValue ?? "jason").lowercased() == "jason", Self.isRelative(url) {
                    missing(url, at: optionsAt.appending("url"))
                }
                if type == "$require" {
                    for (key, value) in options {
                        let urls = value.stringValue.map { [$0] } ?? value.arrayValue?.compactMap(\.stringValue) ?? []
                        for url in urls where Self.isRelative(url) { missing(url, at: optionsAt.appending(key)) }
                    }
                }
            }
            for (key, value) in members {
                trail.push(key)
                fileReferences(value, at: &trail)
                trail.pop()
            }
        case .array(let items):
            for (i, item) in items.enumerated() {
                trail.push(i)
                fileReferences(item, at: &trail)
                trail.pop()
            }
        default:
            break
        }
    }

    /// A relative URL with no template and no scheme.
    static func isRelative(_ url: String) -> Bool {
        !url.isEmpty && !url.hasTemplateMarker && !url.contains(":") && !url.hasPrefix("/") && !url.hasPrefix("#")
            && !url.contains("$document")
    }

    mutating func missing(_ path: String, at pointer: JSONPointer) {
        guard !path.isEmpty, !path.hasTemplateMarker else { return }
        let plain = String(path.prefix { $0 != "?" && $0 != "#" })
        let full = plain.hasPrefix("/") ? plain : directory + plain
        // What a run may not read is not looked for: whether it exists is none of the document's business.
        if let name = locator.fileName, !name.hasPrefix("<"), !analyzer.access(for: name).allows(full) {
            report(.missingFile, .warning, "\(plain) is outside the folders a run of this document may read "
                   + "(its folder and --allow-read)", at: pointer)
            return
        }
        guard !analyzer.fileExists(full) else { return }
        var message = "\(plain) does not exist beside the document (looked for \(full))"
        var fix: (String, String)?
        if let near = FileAccess.nearName(of: full) {
            message += "; did you mean \(near)?"
            let name = plain.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? plain
            if let written = root.value(at: pointer)?.stringValue, let range = written.range(of: name, options: .backwards) {
                fix = (written, written.replacingCharacters(in: range, with: near))
            }
        }
        report(.missingFile, .warning, message, at: pointer, fix: fix)
    }

    /// The document's folder, with a trailing slash (empty for a document read from stdin).
    var directory: String {
        guard let name = locator.fileName, let slash = name.lastIndex(of: "/") else { return "" }
        return String(name[...slash])
    }
}
