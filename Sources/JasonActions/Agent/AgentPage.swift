import JasonJSON

/// The scripts of an agent's page, in the order a browser runs them: inline `<script>` blocks and
/// `<script src>` files. Nothing else of the page matters without a DOM.
package struct AgentPage {
    struct Script: Equatable {
        enum Kind: Equatable {
            /// Written in the page, starting on `line`.
            case inline(String, line: Int)
            /// Fetched from `src`, as written (relative to the page's URL).
            case file(String)
        }
        var kind: Kind
        /// The whole `<script …>…</script>` element, as UTF-8 offsets of the page.
        var element: Range<Int>
    }

    /// The page as fetched (a script page becomes one `<script>` element).
    let html: String
    var scripts: [Script] = []

    /// A page that is a script itself (a `.js` URL, or `text/javascript`) is that one script.
    init(html: String, isScript: Bool = false) {
        if isScript {
            self.html = "<script>" + Self.escaped(html) + "</script>"
            scripts = [Script(kind: .inline(html, line: 1), element: 0..<self.html.utf8.count)]
            return
        }
        self.html = html
        let bytes = Array(html.utf8)
        var i = 0
        while let open = Self.find("<", in: bytes, from: i) {
            if Self.startsWith("<!--", bytes, at: open) {
                i = (Self.find("-->", in: bytes, from: open + 4) ?? bytes.count) + 3
                continue
            }
            guard Self.startsWith("<script", bytes, at: open, ignoringCase: true),
                  let tagEnd = Self.find(">", in: bytes, from: open) else { i = open + 1; continue }
            let attributes = String(decoding: bytes[(open + 7)..<tagEnd], as: UTF8.self)
            let bodyStart = tagEnd + 1
            let close = Self.findClose(bytes, from: bodyStart) ?? bytes.count
            let end = (Self.find(">", in: bytes, from: close)).map { $0 + 1 } ?? bytes.count
            i = close
            let type = Self.attribute("type", in: attributes)?.lowercased() ?? ""
            guard ["", "text/javascript", "application/javascript", "module", "text/ecmascript"].contains(type) else { continue }
            if let src = Self.attribute("src", in: attributes) {
                scripts.append(Script(kind: .file(src), element: open..<end))
            } else {
                let line = 1 + bytes[..<bodyStart].filter { $0 == UInt8(ascii: "\n") }.count
                scripts.append(Script(kind: .inline(String(decoding: bytes[bodyStart..<close], as: UTF8.self), line: line),
                                      element: open..<end))
            }
        }
    }

    /// The page with every script written into it (`sources`, in the order of `scripts`; nil for one that
    /// could not be fetched, which then throws `failure`), and `prelude` run before any of them: a page
    /// that needs nothing from elsewhere, for a sandboxed frame.
    package func inlined(_ sources: [Result<String, AgentFetchFailure>], prelude: String) -> String {
        let bytes = Array(html.utf8)
        var out = "<script>" + Self.escaped(prelude) + "</script>"
        var at = 0
        for (script, source) in zip(scripts, sources) {
            out += String(decoding: bytes[at..<script.element.lowerBound], as: UTF8.self)
            switch source {
            case .success(let text): out += "<script>" + Self.escaped(text) + "</script>"
            case .failure(let why):
                out += "<script>throw new Error(" + Self.escaped(JSONPrinter.compact(.string(why.description))) + ");</script>"
            }
            at = script.element.upperBound
        }
        return out + String(decoding: bytes[at...], as: UTF8.self)
    }

    /// Script text that cannot end its element early.
    static func escaped(_ source: String) -> String {
        source.replacing("</script", with: "<\\/script").replacing("</SCRIPT", with: "<\\/SCRIPT")
    }

    /// The value of attribute `name` (quoted or not) among a tag's attributes.
    static func attribute(_ name: String, in attributes: String) -> String? {
        let lowered = Array(attributes.lowercased().utf8), bytes = Array(attributes.utf8)
        var from = 0
        while let at = find(name, in: lowered, from: from) {
            from = at + 1
            let before = at == 0 ? UInt8(ascii: " ") : lowered[at - 1]
            guard before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") || before == UInt8(ascii: "\n") else { continue }
            var j = at + name.utf8.count
            while j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { continue }
            j += 1
            while j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
            guard j < bytes.count else { return "" }
            let quote = bytes[j]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let end = bytes[(j + 1)...].firstIndex(of: quote) ?? bytes.count
                return String(decoding: bytes[(j + 1)..<end], as: UTF8.self)
            }
            let end = bytes[j...].firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") } ?? bytes.count
            return String(decoding: bytes[j..<end], as: UTF8.self)
        }
        return nil
    }

    static func findClose(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while let open = find("</", in: bytes, from: i) {
            if startsWith("</script", bytes, at: open, ignoringCase: true) { return open }
            i = open + 2
        }
        return nil
    }

    static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        guard start >= 0, pattern.count <= bytes.count else { return nil }
        var i = start
        while i + pattern.count <= bytes.count {
            if bytes[i] == pattern[0], Array(bytes[i..<(i + pattern.count)]) == pattern { return i }
            i += 1
        }
        return nil
    }

    static func startsWith(_ prefix: String, _ bytes: [UInt8], at index: Int, ignoringCase: Bool = false) -> Bool {
        let pattern = Array(prefix.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        let slice = bytes[index..<(index + pattern.count)]
        return ignoringCase ? String(decoding: slice, as: UTF8.self).lowercased() == prefix : Array(slice) == pattern
    }
}
