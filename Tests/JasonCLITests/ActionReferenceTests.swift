import Foundation
import JasonCLI
import TestSupport
import Testing

/// Docs/Actions.md is made from the declarations; this keeps the two in step.
@Suite struct ActionReferenceTests {
    @Test func actionsDocumentMatchesTheDeclarations() throws {
        let file = Paths.packageRoot.appendingPathComponent("Docs/Actions.md")
        let generated = ActionReference.markdown()
        if ProcessInfo.processInfo.environment["JASONRUN_UPDATE_GOLDEN"] == "1" {
            try generated.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == generated)
    }

    @Test func everyBuiltInActionIsDeclared() {
        let reference = ActionReference.markdown()
        for type in ["$set", "$render", "$util.banner", "$util.toast", "$log.info", "trigger", "$lambda", "$return.success"] {
            #expect(reference.contains("## `\(type)`"), "\(type)")
        }
    }

    @Test func helpPrintsOneAction() async {
        let io = CapturedIO()
        #expect(await Jasonrun.main(["help", "$util.toast"], io: io) == 0)
        #expect(io.out.hasPrefix("$util.toast: Shows a short message that disappears by itself.\n"))
        #expect(io.out.contains("  text  text. the message"))
        let unknown = CapturedIO()
        #expect(await Jasonrun.main(["help", "$nosuch.x"], io: unknown) == 64)
        #expect(unknown.err.contains("no such action '$nosuch.x'"))
    }
}
