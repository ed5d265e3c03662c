import JasonJSON

/// Where actions print. The CLI writes to the terminal; tests keep the lines.
public protocol Console: Sendable {
    func print(_ line: String)
    func printError(_ line: String)
    /// Shows a view's rendered body (`$render`, or a body generated at load).
    func present(body: JSON)
}

extension Console {
    /// By default a body is printed as pretty JSON.
    public func present(body: JSON) { print(JSONPrinter.pretty(body)) }
}
