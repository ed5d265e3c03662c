/// Where actions print. The CLI writes to the terminal; tests keep the lines.
public protocol Console: Sendable {
    func print(_ line: String)
    func printError(_ line: String)
}
