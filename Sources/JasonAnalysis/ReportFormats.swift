import JasonJSON
import JasonRuntime

/// The machine-readable forms of `jasonrun check`'s findings: a JSON array, and SARIF 2.1.0 (what GitHub
/// code scanning and many editors read).
package enum ReportFormats {
    /// One object per finding: file, line, column, pointer, id, severity, message, notes.
    package static func json(_ diagnostics: [Diagnostic]) -> JSON {
        .array(diagnostics.map { d in
            var entry: JSONObject = ["id": .string(d.id.rawValue), "severity": .string(d.severity.rawValue),
                                     "message": .string(d.message)]
            if let file = d.file { entry["file"] = .string(file) }
            if let location = d.location {
                entry["line"] = .int(location.line)
                entry["column"] = .int(location.column)
            }
            if let pointer = d.pointer { entry["pointer"] = .string(pointer.description) }
            if !d.notes.isEmpty { entry["notes"] = .array(d.notes.map { .string($0) }) }
            return .object(entry)
        })
    }

    /// A SARIF 2.1.0 log with one run. Columns count Unicode code points, as ours do.
    package static func sarif(_ diagnostics: [Diagnostic], toolVersion: String) -> JSON {
        let ids = Set(diagnostics.map(\.id))
        let rules: [JSON] = Diagnostic.ID.allCases.filter(ids.contains).map { id in
            ["id": .string(id.rawValue), "shortDescription": ["text": .string(RuleText.summary(id))]]
        }
        let results: [JSON] = diagnostics.map { d in
            var physical: JSONObject = ["artifactLocation": ["uri": .string(d.file ?? "<stdin>")]]
            if let location = d.location {
                physical["region"] = ["startLine": .int(location.line), "startColumn": .int(location.column)]
            }
            var place: JSONObject = ["physicalLocation": .object(physical)]
            if let pointer = d.pointer {
                place["logicalLocations"] = [["fullyQualifiedName": .string(pointer.description.isEmpty ? "/" : pointer.description),
                                              "kind": "member"]]
            }
            let text = ([d.message] + d.notes).joined(separator: "\n")
            return ["ruleId": .string(d.id.rawValue), "level": .string(level(d.severity)),
                    "message": ["text": .string(text)], "locations": [.object(place)]]
        }
        let driver: JSON = ["name": "jasonrun", "version": .string(toolVersion), "rules": .array(rules)]
        return ["$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
                "runs": [["tool": ["driver": driver], "columnKind": "unicodeCodePoints", "results": .array(results)]]]
    }

    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }
}

/// One line per diagnostic id, for SARIF's rule list (Docs/Diagnostics.md says more).
enum RuleText {
    static func summary(_ id: Diagnostic.ID) -> String {
        switch id {
        case .jsonSyntax: "The file is not JSON."
        case .noJasonRoot: "The top level is neither a $jason document nor an action."
        case .invalidDocument: "A part of the document has the wrong type."
        case .invalidAction: "An action is neither an object nor a conditional array, or has no type or trigger."
        case .unknownAction: "No action has this type."
        case .invalidOptions: "Options that the action's declaration does not accept."
        case .unknownLambda: "A trigger or $lambda names nothing in head.actions."
        case .unknownKey: "A key one typo away from one jasonrun reads, or one an action does not read."
        case .unclosedTemplate: "A string opens {{ and never closes it."
        case .duplicateKey: "A key written twice in one object; the first is lost."
        case .unknownOption: "An option the action does not declare."
        case .scriptSyntax: "JavaScript in {{ }} that does not compile."
        case .conditionalShape: "An array meant as a conditional that st.js does not take as one."
        case .unreachableBranch: "A conditional branch after #else, never reached."
        case .missingFile: "A relative URL to a file that is not beside the document."
        case .returnOutsideLambda: "$return.success/$return.error where no lambda can be open."
        case .noReturn: "A lambda ended without $return while its caller waits."
        case .loopScope: "A document variable named bare inside {{#each}}, where only the item's names are."
        default: "A run-time problem (Docs/Diagnostics.md)."
        }
    }
}
