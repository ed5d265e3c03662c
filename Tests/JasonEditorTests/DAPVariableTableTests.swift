@testable import JasonEditor
import JasonJSON
import Testing

/// The references a DAP client expands in its variables pane.
@Suite struct DAPVariableTableTests {
    @Test func containersGetReferencesAndScalarsDoNot() throws {
        var table = VariableTable()
        let basket: JSON = ["items": ["tea", "cake"], "owner": ["name": "Ann"], "empty": [:]]
        let scope = table.scope([("$jason", nil), ("basket", basket)])
        let members = try #require(table.children(of: scope))
        #expect(members.map(\.name) == ["$jason", "basket"])
        let undefined = table.variable("$jason", nil)
        #expect(undefined["value"] == "undefined")
        #expect(undefined["variablesReference"] == 0)

        let variable = table.variable("basket", basket)
        guard case .int(let reference)? = variable["variablesReference"] else { Issue.record("no reference"); return }
        let children = try #require(table.children(of: reference))
        #expect(children.map(\.name) == ["items", "owner", "empty"])
        let empty = table.variable("empty", [:])
        #expect(empty["variablesReference"] == 0)
        let itemsVariable = table.variable("items", children[0].value)
        guard case .int(let items)? = itemsVariable["variablesReference"] else {
            Issue.record("no reference for items"); return
        }
        #expect(try #require(table.children(of: items)).map(\.name) == ["0", "1"])
        #expect(itemsVariable["indexedVariables"] == 2)
    }

    @Test func referencesEndWithTheStop() {
        var table = VariableTable()
        let reference = table.reference(for: ["a": 1])
        #expect(table.children(of: reference) != nil)
        table.reset()
        #expect(table.children(of: reference) == nil)
        #expect(table.children(of: 0) == nil)
    }

    @Test func longValuesAreCut() {
        let long = JSON.string(String(repeating: "x", count: 500))
        #expect(VariableTable.preview(long, limit: 10) == "\"xxxxxxxxx…")
        #expect(VariableTable.preview(nil) == "undefined")
    }
}
