import JasonJSON
import Synchronization

/// Where an action was written: its JSON pointer in the document and, when the document came from a
/// file, that file's name and the action's line:column. The line:column is found in the source when
/// first asked (a diagnostic, the trace, the debugger), not when the action is parsed: actions parsed at
/// run time (a timer's, a rendered branch's) mostly never need it.
public struct ActionPath: Sendable, Hashable, CustomStringConvertible {
    public var pointer: JSONPointer { didSet { lookup = lookup.map { LocationLookup($0.sourceMap) } } }
    public var file: String?
    private var given: SourceLocation?
    private var lookup: LocationLookup?

    public init(pointer: JSONPointer, file: String? = nil, location: SourceLocation? = nil) {
        self.pointer = pointer
        self.file = file
        self.given = location
    }

    init(pointer: JSONPointer, file: String?, sourceMap: SourceMap) {
        self.pointer = pointer
        self.file = file
        lookup = LocationLookup(sourceMap)
    }

    /// The source the action was parsed from, when it kept one.
    var sourceMap: SourceMap? { lookup?.sourceMap }

    public var location: SourceLocation? {
        get { given ?? lookup?.location(of: pointer) }
        set {
            given = newValue
            lookup = nil
        }
    }

    public static func == (a: ActionPath, b: ActionPath) -> Bool {
        a.pointer == b.pointer && a.file == b.file && a.location == b.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pointer)
        hasher.combine(file)
    }

    /// `flow.json:12:9 /$jason/head/actions/$load`
    public var description: String {
        var place = file ?? "<input>"
        if let location { place += ":\(location)" }
        return place + " " + (pointer.description.isEmpty ? "/" : pointer.description)
    }
}

/// Turns pointers into ActionPaths for one source (a file, stdin, a REPL line, or none).
package struct SourceLocator: Sendable {
    package var sourceMap: SourceMap?
    public var fileName: String?

    package init(sourceMap: SourceMap?, fileName: String? = nil) {
        self.sourceMap = sourceMap
        self.fileName = fileName ?? sourceMap?.file.name
    }

    package static let none = SourceLocator(sourceMap: nil)

    package func path(_ pointer: JSONPointer) -> ActionPath {
        guard let sourceMap else { return ActionPath(pointer: pointer, file: fileName) }
        return ActionPath(pointer: pointer, file: fileName, sourceMap: sourceMap)
    }

    /// The path of a member, located at its key: for what is wrong with the name (`"typ"`, `"next"`).
    package func keyPath(_ pointer: JSONPointer) -> ActionPath {
        guard let location = sourceMap?.location(ofKeyOf: pointer) else { return path(pointer) }
        return ActionPath(pointer: pointer, file: fileName, location: location)
    }
}

/// A path's line:column, looked up once in its source and kept for the copies of the path.
final class LocationLookup: Sendable {
    let sourceMap: SourceMap
    private let found = Mutex<SourceLocation??>(nil)

    init(_ sourceMap: SourceMap) { self.sourceMap = sourceMap }

    func location(of pointer: JSONPointer) -> SourceLocation? {
        if let known = found.withLock({ $0 }) { return known }
        let location = sourceMap.location(of: pointer)
        found.withLock { $0 = .some(location) }
        return location
    }
}
