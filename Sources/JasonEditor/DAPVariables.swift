import JasonJSON

/// The values a client can expand, by `variablesReference`. References hold only while the program
/// stays where it is: every run, step or step back starts a new table.
struct VariableTable {
    enum Entry {
        /// A scope: named values (nil is undefined).
        case members([(name: String, value: JSON?)])
        case value(JSON)
    }

    private var entries: [Entry] = []
    /// The `set` path of the references that hold a settable variable's members (`$get`, `$get.user`…).
    private(set) var paths: [Int: String] = [:]

    static let settable: Set<String> = ["$get", "$global", "$cache"]

    mutating func reset() {
        entries = []
        paths = [:]
    }

    mutating func scope(_ members: [(name: String, value: JSON?)]) -> Int {
        entries.append(.members(members))
        return entries.count
    }

    /// A reference for an object or array with something in it; 0 (nothing to expand) otherwise.
    mutating func reference(for value: JSON?) -> Int {
        switch value {
        case .object(let members)? where !members.isEmpty: break
        case .array(let items)? where !items.isEmpty: break
        default: return 0
        }
        entries.append(.value(value!))
        return entries.count
    }

    /// What `reference` holds, by name; nil for a reference this table did not give.
    func children(of reference: Int) -> [(name: String, value: JSON?)]? {
        guard reference >= 1, reference <= entries.count else { return nil }
        switch entries[reference - 1] {
        case .members(let members): return members
        case .value(.object(let members)): return members.map { ($0.key, $0.value) }
        case .value(.array(let items)): return items.enumerated().map { ("\($0.offset)", $0.element) }
        case .value: return []
        }
    }

    /// A DAP `Variable`: the value in one line, and a reference when it has members. `parent` is the set
    /// path of the variable holding it, when it may be set.
    mutating func variable(_ name: String, _ value: JSON?, parent: String? = nil) -> JSON {
        let reference = reference(for: value)
        let path = parent.map { $0 + "." + name } ?? (Self.settable.contains(name) ? name : nil)
        if reference > 0, let path { paths[reference] = path }
        var item: JSONObject = ["name": .string(name), "value": .string(Self.preview(value)),
                                "variablesReference": .int(reference)]
        item["type"] = .string(value?.kindName ?? "undefined")
        switch value {
        case .array(let items)?: item["indexedVariables"] = .int(items.count)
        case .object(let members)?: item["namedVariables"] = .int(members.count)
        default: break
        }
        return .object(item)
    }

    /// Compact JSON, cut at `limit` characters.
    static func preview(_ value: JSON?, limit: Int = 120) -> String {
        guard let value else { return "undefined" }
        let text = JSONPrinter.compact(value)
        return text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
