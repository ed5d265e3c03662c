import JasonJSON

/// Where an action was written: its JSON pointer in the document and, when the document came from a
/// file, that file's name and the action's line:column.
public struct ActionPath: Sendable, Hashable, CustomStringConvertible {
    public var pointer: JSONPointer
    public var file: String?
    public var location: SourceLocation?

    public init(pointer: JSONPointer, file: String? = nil, location: SourceLocation? = nil) {
        self.pointer = pointer
        self.file = file
        self.location = location
    }

    /// `flow.json:12:9 /$jason/head/actions/$load`
    public var description: String {
        var place = file ?? "<input>"
        if let location { place += ":\(location)" }
        return place + " " + (pointer.description.isEmpty ? "/" : pointer.description)
    }
}

/// Turns pointers into ActionPaths for one source (a file, stdin, a REPL line, or none).
public struct SourceLocator: Sendable {
    public var sourceMap: SourceMap?
    public var fileName: String?

    public init(sourceMap: SourceMap?, fileName: String? = nil) {
        self.sourceMap = sourceMap
        self.fileName = fileName ?? sourceMap?.file.name
    }

    public static let none = SourceLocator(sourceMap: nil)

    public func path(_ pointer: JSONPointer) -> ActionPath {
        ActionPath(pointer: pointer, file: fileName, location: sourceMap?.location(of: pointer))
    }
}
