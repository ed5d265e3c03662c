import JasonJSON

/// How one component type reads as a line of the `--render tree` outline (the terminal's form of the
/// seed's `build:withJSON:withOptions:`): given the component's JSON, the text after its type.
public protocol ComponentDescriber: Sendable {
    func describe(_ component: JSONObject) -> String
}

@available(*, deprecated, renamed: "ComponentDescriber")
public typealias ComponentRenderer = ComponentDescriber

/// A describer made from a closure.
public struct ClosureComponent: ComponentDescriber {
    let body: @Sendable (JSONObject) -> String
    public init(_ body: @escaping @Sendable (JSONObject) -> String) { self.body = body }
    public func describe(_ component: JSONObject) -> String { body(component) }
}

/// The component types a tree can draw, by `type`. A value like the action registry: hosts add their
/// own (a `map`, say) before handing it over. Types without a describer show their common fields.
public struct ComponentRegistry: Sendable {
    private var describers: [String: any ComponentDescriber] = [:]

    public init() {}

    public mutating func register(_ type: String, _ describer: any ComponentDescriber) { describers[type] = describer }

    package func describer(for type: String) -> (any ComponentDescriber)? { describers[type] }

    /// Jasonette's own components.
    public static var standard: ComponentRegistry {
        var registry = ComponentRegistry()
        let text = ClosureComponent { c in quoted(c["text"]) + (c["badge"].map { " badge=" + quoted($0) } ?? "") }
        for type in ["label", "text", "textarea"] { registry.register(type, text) }
        registry.register("image", ClosureComponent { "url=" + plain($0["url"]) })
        registry.register("button", ClosureComponent { c in
            c["url"] != nil && c["text"] == nil ? "image url=" + plain(c["url"]) : quoted(c["text"])
        })
        registry.register("textfield", ClosureComponent { c in
            "name=" + plain(c["name"]) + (c["placeholder"].map { " placeholder=" + quoted($0) } ?? "")
                + (c["value"].map { " value=" + quoted($0) } ?? "")
        })
        registry.register("slider", ClosureComponent { "name=" + plain($0["name"]) + " value=" + plain($0["value"]) })
        registry.register("switch", ClosureComponent { "name=" + plain($0["name"]) + " value=" + plain($0["value"]) })
        registry.register("space", ClosureComponent { _ in "" })
        registry.register("html", ClosureComponent { "(" + String(plain($0["text"]).count) + " characters of HTML)" })
        return registry
    }

    static func plain(_ value: JSON?) -> String {
        switch value {
        case nil: ""
        case .string(let s)?: s
        case let other?: other.description
        }
    }

    static func quoted(_ value: JSON?) -> String { value.map { "\"" + plain($0) + "\"" } ?? "" }
}

/// The style attributes every component shares (the seed's `stylize`), in terminal form:
/// `[w=100 h=40 color=#fff bg=#000 opacity=0.5 radius=4]`, or "" when there are none.
package enum Stylize {
    static let attributes: [(key: String, label: String)] = [
        ("width", "w"), ("height", "h"), ("color", "color"), ("background", "bg"), ("opacity", "opacity"),
        ("corner_radius", "radius"),
    ]

    package static func describe(_ component: JSONObject) -> String {
        guard case .object(let style)? = component["style"] else { return "" }
        let parts = attributes.compactMap { a in style[a.key].map { a.label + "=" + ComponentRegistry.plain($0) } }
        return parts.isEmpty ? "" : "[" + parts.joined(separator: " ") + "]"
    }
}
