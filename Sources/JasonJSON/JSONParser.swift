/// A syntax error: what was expected, what was found, and where (byte offset, line:column).
public struct JSONSyntaxError: Error, Sendable, Hashable {
    package var offset: Int
    public var location: SourceLocation
    public var message: String
}

/// The result of parsing a document whose node positions we want to report later.
package struct ParsedDocument: Sendable {
    package var value: JSON
    package var sourceMap: SourceMap
    /// Whether some object writes a name twice: the first one is then silently lost.
    package var repeatsKeys: Bool { sourceMap.containers.repeatsKeys }
    /// The containers a walk for templates and conditionals has to enter.
    package var marks: MarkedContainers { MarkedContainers(tree: value, storages: sourceMap.containers.marked) }
}

/// A strict RFC 8259 parser of our own, over UTF-8 bytes.
/// It is strict on purpose: Jasonette used the platform JSON parsers, which reject comments and
/// trailing commas, so a document we accept is one the phone app accepted.
public struct JSONParser {
    /// Deeper documents are refused with a located error. 512 is the limit of the platform parser the
    /// reference used (Foundation's JSONSerialization), and it keeps every recursive walk over a value
    /// (printing, templates, JavaScript conversion, freeing) far from the end of a thread's stack.
    /// The parser itself does not recurse.
    package static let maximumDepth = 512

    /// Parses with positions: the map finds any node's offset later, from the kept source bytes.
    package static func parseDocument(_ file: SourceFile) throws(JSONSyntaxError) -> ParsedDocument {
        let result = file.bytes.withUnsafeBufferPointer { bytes in
            Result { () throws(JSONSyntaxError) in try parse(bytes, maximumDepth: maximumDepth, recordingContainers: true) }
        }
        let (value, containers) = try result.get()
        return ParsedDocument(value: value, sourceMap: SourceMap(file: file, containers: containers ?? ContainerIndex()))
    }

    /// Parses text without positions (network bodies, values typed at the REPL).
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSON {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(JSONSyntaxError) in try parse(bytes, maximumDepth: maximumDepth, recordingContainers: false) }
        }
        return try result.get().0
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, recordingContainers: Bool)
        throws(JSONSyntaxError) -> (JSON, ContainerIndex?) {
        var builder = TreeBuilder(bytes, maximumDepth: maximumDepth, recordingContainers: recordingContainers)
        do {
            return (try builder.parseWhole(), builder.containers)
        } catch {
            throw JSONSyntaxError(offset: error.offset, location: SourceFile.location(ofOffset: error.offset, in: bytes),
                                  message: error.expected + ", found " + (error.found ?? describe(bytes, at: error.offset)))
        }
    }

    /// What is at an offset, for "expected …, found …".
    static func describe(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> String {
        guard position < bytes.count else { return "end of file" }
        let b = bytes[position]
        if b == UInt8(ascii: "/"), position + 1 < bytes.count,
           bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*") {
            return "a comment (JSON has no comments)"
        }
        if b < 0x20 { return "control character 0x" + String(b, radix: 16) }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self) + "'"
    }
}
