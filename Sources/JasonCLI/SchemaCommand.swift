import ArgumentParser
import JasonActions
import JasonAnalysis
import JasonJSON

/// `jasonrun schema`: the JSON Schema of the document format (Docs/Editors.md).
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema (draft 2020-12) of flows, with every built-in action's options.")

    func execute(io: any TerminalIO) -> Int32 {
        io.writeOut(JSONPrinter.pretty(DocumentSchema.make(StandardLibrary.registry)) + "\n")
        return ExitStatus.ok
    }
}
