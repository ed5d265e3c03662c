import JasonJSON

/// `ST.transform` on a template that mentions `#include` (T12): only the objects holding an `#include`
/// key or value are transformed, deepest first, each put back where it was; the rest stays as written.
extension Transformation {
    mutating func transformIncludesOnly(_ template: JSON, data: JSON) -> JSON? {
        var holders: [[PathStep]] = []
        Self.collectIncludeHolders(template, at: [], into: &holders)
        // Nothing selected (a bare "{{#include …}}" string, say): st.js then transforms the whole template.
        if holders.isEmpty { return transform(TemplateNode(compiling: template), Scope.top(data)) }
        // Deepest first (by the length of st.js's subscript path); each holder once.
        var seen = Set<String>()
        let ordered = holders.enumerated().sorted { a, b in
            let la = PathStep.subscriptLength(a.element), lb = PathStep.subscriptLength(b.element)
            return la != lb ? la > lb : a.offset < b.offset
        }.map(\.element).filter { seen.insert(PathStep.key($0)).inserted }
        var result = template
        for holder in ordered {
            guard let object = result.value(at: holder) else { continue }
            let pointer = holder.reduce(JSONPointer.root) { $0.appending($1.token) }
            let transformed = transform(TemplateNode(compiling: object, at: pointer), Scope.top(data)) ?? .null
            if holder.isEmpty { result = transformed } else { result.set(transformed, at: holder) }
        }
        return result
    }

    /// Every object (or array) that has a member whose key, or whose value as JavaScript text, mentions
    /// `#include` (st.js's selector, which sees arrays joined with commas and objects as "[object Object]").
    static func collectIncludeHolders(_ node: JSON, at location: [PathStep], into holders: inout [[PathStep]]) {
        switch node {
        case .object(let members):
            for (key, value) in JSOrder.members(members) {
                if key.contains("#include") || TemplateText.jsString(value).contains("#include") {
                    holders.append(location)
                }
                collectIncludeHolders(value, at: location + [.key(key)], into: &holders)
            }
        case .array(let elements):
            for (i, element) in elements.enumerated() {
                collectIncludeHolders(element, at: location + [.index(i)], into: &holders)
            }
        case .string, .null, .bool, .int, .double:
            break
        }
    }
}

enum PathStep: Hashable {
    case key(String)
    case index(Int)

    var token: String {
        switch self {
        case .key(let k): k
        case .index(let i): String(i)
        }
    }

    /// The length of st.js's path text: `["key"]` or `[i]` per step.
    static func subscriptLength(_ steps: [PathStep]) -> Int {
        steps.reduce(0) { total, step in
            switch step {
            case .key(let k): total + k.utf16.count + 4
            case .index(let i): total + String(i).count + 2
            }
        }
    }

    static func key(_ steps: [PathStep]) -> String {
        steps.map { step in
            switch step {
            case .key(let k): "k" + k.replacing("/", with: "//") + "/"
            case .index(let i): "i\(i)/"
            }
        }.joined()
    }
}

extension JSON {
    func value(at steps: [PathStep]) -> JSON? {
        var node = self
        for step in steps {
            switch (step, node) {
            case (.key(let k), .object(let o)): guard let next = o[k] else { return nil }; node = next
            case (.index(let i), .array(let a)) where a.indices.contains(i): node = a[i]
            default: return nil
            }
        }
        return node
    }

    mutating func set(_ value: JSON, at steps: [PathStep]) {
        guard let first = steps.first else { self = value; return }
        let rest = Array(steps.dropFirst())
        switch (first, self) {
        case (.key(let k), .object(var o)):
            var child = o[k] ?? .null
            child.set(value, at: rest)
            self = .null
            o[k] = child
            self = .object(o)
        case (.index(let i), .array(var a)) where a.indices.contains(i):
            a[i].set(value, at: rest)
            self = .array(a)
        default:
            break
        }
    }
}
