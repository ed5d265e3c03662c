import JasonJSON
import Synchronization

/// Where an action was written: its JSON pointer in the document and, when the document came from a
/// file, that file's name and the action's line:column. The line:column is found in the source when
/// first asked (a diagnostic, the trace, the debugger), not when the action is parsed: actions parsed at
/// run time (a timer's, a rendered branch's) mostly never need it.
public struct ActionPath: Sendable, Hashable, CustomStringConvertible {
    /// In one shared box: a path is copied with every action, step and resolution of the loop, and
    /// copying its members each time (three references) showed in a round's cost.
    private struct Members: Sendable {
        var pointer: JSONPointer
        var file: String?
        var given: SourceLocation?
        var lookup: LocationLookup?
    }

    @SharedBox private var members: Members

    public var pointer: JSONPointer {
        get { members.pointer }
        set {
            members.pointer = newValue
            members.lookup = members.lookup.map { LocationLookup($0.sourceMap, $0.origin) }
        }
    }
    public var file: String? {
        get { members.file }
        set { members.file = newValue }
    }
    private var given: SourceLocation? { members.given }
    private var lookup: LocationLookup? { members.lookup }

    public init(pointer: JSONPointer, file: String? = nil, location: SourceLocation? = nil) {
        _members = SharedBox(wrappedValue: Members(pointer: pointer, file: file, given: location))
    }

    init(pointer: JSONPointer, file: String?, sourceMap: SourceMap, origin: MixedPart? = nil) {
        _members = SharedBox(wrappedValue: Members(pointer: pointer, file: file,
                                                   lookup: LocationLookup(sourceMap, origin)))
    }

    /// The source the action was parsed from, when it kept one.
    var sourceMap: SourceMap? { lookup?.sourceMap }

    /// Where a pointer of the document (this action's or one below it) is in the action's own source: the
    /// same pointer, except in a part mixed in from another file.
    func sourcePointer(_ pointer: JSONPointer) -> JSONPointer { lookup?.origin?.sourcePointer(pointer) ?? pointer }

    /// Where the key `key` of this action is written (its `type` line, say), when it was written.
    package func location(ofKey key: String) -> SourceLocation? {
        sourceMap?.location(ofKeyOf: sourcePointer(pointer.appending(key)))
    }

    /// For an action mixed in from another file: where the mixin was written (`flow.json:4:7 /$jason/head/actions`).
    public var mixedInto: String? { lookup?.origin?.mixedInto }

    public var location: SourceLocation? {
        get { given ?? lookup?.location(of: pointer) }
        set {
            members.given = newValue
            members.lookup = nil
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

    /// The parts of a document that mixins brought in from other files (or overrode in this one), each
    /// more deeply nested part after the part it lies in.
    package var mixedParts: [MixedPart] {
        get { parts.all }
        set { parts = MixedParts(newValue) }
    }
    private var parts = MixedParts([])

    package init(sourceMap: SourceMap?, fileName: String? = nil) {
        self.sourceMap = sourceMap
        self.fileName = fileName ?? sourceMap?.file.name
    }

    package static let none = SourceLocator(sourceMap: nil)

    /// The innermost mixed part that holds `pointer`; nil when it was written in this document itself.
    package func part(holding pointer: JSONPointer) -> MixedPart? {
        parts.holding(pointer)
    }

    package func path(_ pointer: JSONPointer) -> ActionPath {
        if let part = part(holding: pointer) {
            guard let map = part.sourceMap else { return ActionPath(pointer: pointer, file: part.file) }
            return ActionPath(pointer: pointer, file: part.file, sourceMap: map, origin: part)
        }
        guard let sourceMap else { return ActionPath(pointer: pointer, file: fileName) }
        return ActionPath(pointer: pointer, file: fileName, sourceMap: sourceMap)
    }

    /// The path of a member, located at its key: for what is wrong with the name (`"typ"`, `"next"`).
    package func keyPath(_ pointer: JSONPointer) -> ActionPath {
        if let part = part(holding: pointer) {
            guard let location = part.sourceMap?.location(ofKeyOf: part.sourcePointer(pointer)) else { return path(pointer) }
            return ActionPath(pointer: pointer, file: part.file, location: location)
        }
        guard let location = sourceMap?.location(ofKeyOf: pointer) else { return path(pointer) }
        return ActionPath(pointer: pointer, file: fileName, location: location)
    }
}

/// The parts a document's mixins brought in, with the last of them at each pointer, so that finding the
/// part that holds a node takes a look-up per level of its pointer instead of a pass over every part (a
/// document can mix in thousands).
struct MixedParts: Sendable {
    let all: [MixedPart]
    private let last: [String: Int]

    init(_ parts: [MixedPart]) {
        all = parts
        var last: [String: Int] = [:]
        for (index, part) in parts.enumerated() { last[part.pointer.description] = index }
        self.last = last
    }

    /// The last part that starts at `pointer` itself.
    func starting(at pointer: JSONPointer) -> MixedPart? { last[pointer.description].map { all[$0] } }

    /// The last part whose pointer is a prefix of `pointer`: a later part over an earlier one (keys that
    /// override a mixin) wins even where the earlier one is deeper.
    func holding(_ pointer: JSONPointer) -> MixedPart? {
        guard !last.isEmpty else { return nil }
        var best: Int?
        var prefix = Substring(pointer.description)
        while true {
            if let index = last[String(prefix)], index > best ?? -1 { best = index }
            guard let slash = prefix.lastIndex(of: "/") else { break }
            prefix = prefix[..<slash]
        }
        return best.map { all[$0] }
    }
}

/// A subtree of a resolved document that was written elsewhere: at `pointer` in the document, at
/// `sourcePointer` in `file` (a mixin's file, or the document itself for keys that override a mixin).
package struct MixedPart: Sendable {
    package var pointer: JSONPointer
    package var file: String
    package var sourceMap: SourceMap?
    package var sourcePointer: JSONPointer
    /// Where the `"@"` member that brought it was written; nil for a document's own keys.
    package var member: ActionPath?

    /// `flow.json:4:7 /$jason/head/actions/greet`, for messages.
    package var mixedInto: String? { member?.description }

    /// `pointer`, which lies in this part, as a pointer of the part's own source.
    package func sourcePointer(_ pointer: JSONPointer) -> JSONPointer {
        self.pointer.rebase(pointer, onto: sourcePointer)
    }
}

/// A path's line:column, looked up once in its source and kept for the copies of the path.
final class LocationLookup: Sendable {
    let sourceMap: SourceMap
    let origin: MixedPart?
    private let found = Mutex<SourceLocation??>(nil)

    init(_ sourceMap: SourceMap, _ origin: MixedPart? = nil) {
        self.sourceMap = sourceMap
        self.origin = origin
    }

    func location(of pointer: JSONPointer) -> SourceLocation? {
        if let known = found.withLock({ $0 }) { return known }
        let location = sourceMap.location(of: origin?.sourcePointer(pointer) ?? pointer)
        found.withLock { $0 = .some(location) }
        return location
    }
}
