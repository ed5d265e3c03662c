/// Reads the XML of a feed into `Feed.Element`s: elements with their attributes, the text and CDATA
/// inside each, and the five predefined entities and character references. Declarations, comments,
/// processing instructions and the DOCTYPE (with its internal subset) are skipped; anything else that is
/// not well-formed is an error with its line and column.
///
/// Written here rather than taken from Foundation: FoundationXML links libxml2 and through it ICU, which
/// every start of jasonrun then loaded and relocated (about 1 ms and 1.5 MB) for the one action that reads feeds.
struct FeedXML {
    private let bytes: [UInt8]
    private var at = 0
    private var line = 1
    private var lineStart = 0
    private var stack: [Feed.Element] = []
    private var root: Feed.Element?

    static func parse(_ xml: String) throws(Feed.ParseError) -> Feed.Element {
        var reader = FeedXML(bytes: Array(xml.utf8))
        return try reader.document()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
    }

    private mutating func document() throws(Feed.ParseError) -> Feed.Element {
        while at < bytes.count {
            if bytes[at] == UInt8(ascii: "<") { try markup() } else { try text() }
        }
        if let open = stack.last { throw failure("<\(open.name)> is never closed") }
        guard let root else { throw failure("no document element") }
        return root
    }

    private mutating func markup() throws(Feed.ParseError) {
        if starts("<?") { try skip(past: "?>") }
        else if starts("<!--") { try skip(past: "-->") }
        else if starts("<![CDATA[") {
            guard let open = stack.last else { throw failure("CDATA outside the document element") }
            at += 9
            let start = at
            try skip(past: "]]>")
            open.text += String(decoding: bytes[start..<(at - 3)], as: UTF8.self)
        }
        else if starts("<!") { try declaration() }
        else if starts("</") { try endTag() }
        else { try startTag() }
    }

    private mutating func startTag() throws(Feed.ParseError) {
        at += 1
        if root != nil && stack.isEmpty { throw failure("content after the document element") }
        let name = try self.name()
        var attributes: [String: String] = [:]
        while true {
            spaces()
            guard at < bytes.count else { throw failure("<\(name) is never finished") }
            if starts("/>") || bytes[at] == UInt8(ascii: ">") { break }
            let key = try self.name()
            spaces()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { throw failure("attribute \(key) of <\(name)> has no value") }
            at += 1
            spaces()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
                throw failure("the value of attribute \(key) is not quoted")
            }
            let quote = bytes[at]
            at += 1
            let start = at
            while at < bytes.count, bytes[at] != quote { advance() }
            guard at < bytes.count else { throw failure("the value of attribute \(key) is never closed") }
            attributes[key] = try decoded(start..<at)
            at += 1
        }
        let element = Feed.Element(name: name, attributes: attributes)
        stack.last?.children.append(element)
        if stack.isEmpty { root = element }
        if starts("/>") { at += 2 } else {
            at += 1
            stack.append(element)
        }
    }

    private mutating func endTag() throws(Feed.ParseError) {
        at += 2
        let name = try self.name()
        spaces()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else { throw failure("</\(name) is never finished") }
        guard let open = stack.last else { throw failure("</\(name)> closes nothing") }
        guard open.name == name else { throw failure("</\(name)> where </\(open.name)> was expected") }
        at += 1
        stack.removeLast()
    }

    private mutating func text() throws(Feed.ParseError) {
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "<") { advance() }
        if let open = stack.last {
            open.text += try decoded(start..<at)
        } else if bytes[start..<at].contains(where: { !Self.isSpace($0) }) {
            throw failure(root == nil ? "text before the document element" : "content after the document element")
        }
    }

    /// `<!DOCTYPE …>` and other declarations, with an internal subset in brackets and quoted strings.
    private mutating func declaration() throws(Feed.ParseError) {
        var depth = 0
        var quote: UInt8?
        while at < bytes.count {
            let byte = bytes[at]
            advance()
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return
            }
        }
        throw failure("a <! declaration is never closed")
    }

    private mutating func name() throws(Feed.ParseError) -> String {
        let start = at
        while at < bytes.count, !Self.isSpace(bytes[at]), !"/>=<\"'".utf8.contains(bytes[at]) { at += 1 }
        guard at > start else { throw failure("a name was expected") }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// The text of `range` with its entity and character references replaced.
    private func decoded(_ range: Range<Int>) throws(Feed.ParseError) -> String {
        guard bytes[range].contains(UInt8(ascii: "&")) else { return String(decoding: bytes[range], as: UTF8.self) }
        var out: [UInt8] = []
        var i = range.lowerBound
        while i < range.upperBound {
            guard bytes[i] == UInt8(ascii: "&") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            guard let end = bytes[i..<range.upperBound].firstIndex(of: UInt8(ascii: ";")) else {
                throw failure("a & that starts no entity (write &amp;)")
            }
            let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
            guard let replacement = Self.entity(name) else { throw failure("the entity &\(name); is not defined in XML") }
            out += replacement.utf8
            i = end + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func entity(_ name: String) -> String? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let code = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return code.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }

    private func starts(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        return text.withUTF8Buffer { prefix in prefix.elementsEqual(bytes[at..<(at + count)]) }
    }

    private mutating func skip(past end: StaticString) throws(Feed.ParseError) {
        while at < bytes.count {
            if starts(end) {
                at += end.utf8CodeUnitCount
                return
            }
            advance()
        }
        throw failure("\(end) never comes")
    }

    private mutating func spaces() {
        while at < bytes.count, Self.isSpace(bytes[at]) { advance() }
    }

    private mutating func advance() {
        if bytes[at] == UInt8(ascii: "\n") {
            line += 1
            lineStart = at + 1
        }
        at += 1
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func failure(_ reason: String) -> Feed.ParseError {
        Feed.ParseError(message: "not well-formed XML at line \(line), column \(at - lineStart + 1): \(reason)")
    }
}
