import Foundation
import JasonCLI
import TestSupport
import Testing

/// Mixin expansion is bounded (security round 4, item 5): a few references that each mix in the others
/// stop at a limit with a located error, in a run and in `check`, and many mixins load in one pass.
@Suite struct MixinLimitTests {
    func jasonrun(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let io = CapturedIO(input: "")
        let status = await Jasonrun.main(arguments, io: io)
        return (status, io.out, io.err)
    }

    /// Ten `$document` references a level, `levels` deep: 10^levels parts once expanded.
    static func bomb(levels: Int) -> String {
        var data: [String] = []
        for level in 1...levels {
            let reference = #"{"@": "$document.$jason.head.data.l\#(level + 1)"}"#
            data.append(#""l\#(level)": [\#(Array(repeating: reference, count: 10).joined(separator: ", "))]"#)
        }
        data.append(#""l\#(levels + 1)": "leaf""#)
        return #"{"$jason": {"head": {"data": {\#(data.joined(separator: ", "))}, "actions": {"$load": {"type": "$util.toast", "#
            + #""options": {"text": "done", "x": {"@": "$document.$jason.head.data.l1"}}}}}}}"#
    }

    @Test func aDocumentThatMixesInItselfOverAndOverStopsAtALimit() async throws {
        let flow = try Paths.write(Self.bomb(levels: 12), name: "bomb.json")
        let run = await jasonrun([flow.path, "--no-persist"])
        #expect(run.status == 1, "\(run.err)")
        #expect(run.out.isEmpty)
        #expect(run.err.contains("error: more than 100000 mixins in one document; stopped at \"@\": \"$document.$jason.head.data.l"),
                "\(run.err)")
        #expect(run.err.contains("[mixin]"))
        let check = await jasonrun(["check", flow.path])
        #expect(check.status == 1)
        #expect(check.out.contains("more than 100000 mixins in one document"), "\(check.out)")
        // The size limit applies to the expanded document too.
        let sized = await jasonrun([flow.path, "--no-persist", "--max-file-size", "100000"])
        #expect(sized.err.contains("mixins make the document larger than 100000 bytes (the document size limit, --max-file-size)"),
                "\(sized.err)")
    }

    @Test func tenThousandFileMixinsLoad() async throws {
        let items = (0..<10_000).map { #"{"@": "file://part\#($0 % 100).json"}"# }.joined(separator: ", ")
        let flow = try Paths.write(#"{"$jason": {"head": {"actions": {"$load": {"type": "$util.toast", "options": "#
                                   + #"{"text": "{{$jason ? 'x' : 'many'}}", "items": [\#(items)]}}}}}}"#)
        let folder = flow.deletingLastPathComponent().path
        for n in 0..<100 { try #"{"n": \#(n)}"#.write(toFile: "\(folder)/part\(n).json", atomically: true, encoding: .utf8) }
        let run = await jasonrun([flow.path, "--no-persist"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == "[toast] many\n")
    }
}
