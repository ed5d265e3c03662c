import Foundation
import TestSupport
import Testing

/// A template warning points at its own `{{`, not at the start of the string that holds it.
@Suite struct TemplateWarningPlaceTests {
    @Test func eachExpressionIsLocatedAtItsOwnBraces() throws {
        let flow = #"{"type": "$util.toast", "options": {"text": "a \"q\" {{x}} and {{y.z}} é {{w}}"}}"#
        let r = try BinaryTests().launch([try Paths.write(flow).path])
        let places = r.err.split(separator: "\n").filter { $0.contains("warning:") }.compactMap { line in
            line.split(separator: ":").dropFirst().prefix(2).map(String.init).joined(separator: ":")
        }
        #expect(places == ["1:54", "1:64", "1:74"], "\(r.err)")
        // Each caret sits under its expression's `{{` in the quoted line.
        for (column, expression) in zip([54, 64, 74], ["{{x}}", "{{y.z}}", "{{w}}"]) {
            #expect(Array(flow)[column - 1..<column - 1 + expression.count].map(String.init).joined() == expression)
        }
    }

    @Test func aUnicodeEscapeBeforeItFallsBackToTheQuote() throws {
        let flow = #"{"type": "$util.toast", "options": {"text": "\u00e9 {{x}}"}}"#
        let r = try BinaryTests().launch([try Paths.write(flow).path])
        #expect(r.err.contains("flow.json:1:45: warning: {{x}}"), "\(r.err)")
    }
}
