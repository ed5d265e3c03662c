import JasonJSON

/// The JSON parser with locations: any bytes either parse, or fail at a location inside the input; what
/// parses prints as JSON that parses back to the same text, and its nodes have locations.
package enum JSONHarness {
    /// What went wrong with `bytes`, one line each; empty when every property held.
    package static func check(_ bytes: [UInt8]) -> [String] {
        let file = SourceFile(name: "fuzz.json", bytes: bytes)
        let parsed: ParsedDocument
        do throws(JSONSyntaxError) {
            parsed = try JSONParser.parseDocument(file)
        } catch {
            var problems: [String] = []
            if !(0...bytes.count).contains(error.offset) { problems.append("error offset \(error.offset) outside the input") }
            if error.location.line < 1 || error.location.column < 1 { problems.append("error location \(error.location)") }
            if error.message.isEmpty { problems.append("a syntax error without a message") }
            return problems
        }
        let printed = JSONPrinter.compact(parsed.value)
        guard let again = try? JSONParser.parse(printed) else { return ["printed JSON does not parse: \(printed)"] }
        guard JSONPrinter.compact(again) == printed else { return ["printing is not stable: \(printed)"] }
        _ = JSONPrinter.pretty(parsed.value)

        // The first nodes only: each lookup follows its pointer through the source.
        var problems: [String] = []
        var budget = 64
        func visit(_ value: JSON, at pointer: JSONPointer) {
            guard budget > 0 else { return }
            budget -= 1
            if parsed.sourceMap.location(of: pointer) == nil { problems.append("no location for \(pointer)") }
            switch value {
            case .array(let elements):
                for (index, element) in elements.enumerated() { visit(element, at: pointer.appending(index)) }
            case .object(let members):
                for (key, member) in members { visit(member, at: pointer.appending(key)) }
            default:
                break
            }
        }
        visit(parsed.value, at: .root)
        return problems
    }
}
