import ArgumentParser
import Foundation
@testable import JasonCLI
import Testing

/// `jasonrun FLOW.json …` is read from RunArguments' table before ArgumentParser is asked: the two must
/// agree on every command the table accepts, and the table must know every option RunCommand declares.
@Suite struct RunArgumentsTests {
    /// Every value of the settings, the option groups' included.
    func contents(_ settings: RunSettings) -> String {
        var text = ""
        dump(settings, to: &text)
        return text
    }

    @Test func theTableNamesEveryOptionOfTheRunCommand() throws {
        let help = try JSONSerialization.jsonObject(with: Data(RunCommand._dumpHelp().utf8)) as? [String: Any]
        let command = help?["command"] as? [String: Any]
        let arguments = try #require(command?["arguments"] as? [[String: Any]])
        var declared: Set<String> = []
        for argument in arguments {
            for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                declared.insert("--" + (name["name"] as? String ?? ""))
            }
        }
        declared.remove("--help")
        #expect(declared.count > 25)
        for name in declared { #expect(RunArguments.knows(name), "\(name)") }
        #expect(!RunArguments.knows("--help") && !RunArguments.knows("--nosuch"))
    }

    @Test func everyAcceptedCommandIsTheOneArgumentParserGives() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let accepted: [[String]] = [
            ["flow.json"], ["-"],
            ["flow.json", "--strict", "--print-jason", "--real-time", "--no-persist", "--offline"],
            ["flow.json", "--trace=json", "--trace-file", "t.jsonl", "--render", "tree", "--coverage=c.info"],
            ["flow.json", "--record", "r.json", "--record-credentials"],
            ["flow.json", "--replay", "r.json", "--stubs", "s.json"],
            ["flow.json", "--time-limit", "90s", "--max-steps", "0", "--wall-limit=2m", "--max-views", "3",
             "--js-time", "250ms", "--js-memory", "64"],
            ["flow.json", "--seed", "7", "--clock-start", "2030-01-01T09:00:00Z"],
            ["flow.json", "--params", #"{"q": "tea"}"#, "--jason", "[1, 2]", "--global=@g.json", "--state-dir", "st"],
            ["flow.json", "--allow-read", folder, "--allow-read=\(folder)", "--max-file-size", "1000"],
            // Every order a user writes: options before the flow, or on both sides of it (performance round 4).
            ["--no-persist", "flow.json"], ["--strict", "--max-steps", "10", "flow.json", "--offline"],
            ["--render=tree", "-", "--seed", "3"],
        ]
        for arguments in accepted {
            let fast = try #require(RunArguments.parse(arguments), "\(arguments)")
            let parsed = try RunCommand.parse(arguments)
            #expect(contents(fast) == contents(parsed.settings), "\(arguments)")
        }
    }

    /// What the table does not know for sure is left to ArgumentParser, whose message the user then sees.
    @Test func anythingUnusualIsLeftToArgumentParser() {
        let declined: [[String]] = [
            ["flow.json", "--nosuch"], ["flow.json", "-x"], ["flow.json", "other.json"], ["flow.json", "--"],
            ["flow.json", "--max-steps"], ["flow.json", "--max-steps", "many"], ["flow.json", "--max-steps", "-1"],
            ["flow.json", "--render", "html"], ["flow.json", "--trace=xml"], ["flow.json", "--seed", "-3"],
            ["flow.json", "--strict=yes"], ["flow.json", "--strict", "--strict"], ["flow.json", "--stubs", "a", "--stubs", "b"],
            ["flow.json", "--stubs", "--offline"], ["flow.json", "--state-dir", "d", "--no-persist"],
            ["flow.json", "--record-credentials"], ["flow.json", "--js-time", "0"], ["flow.json", "--allow-read", "/nosuch/folder"],
            ["flow.json", "--stubs="], ["flow.json", "--stubs", ""], ["--strict"], ["--max-steps", "10"],
            ["-", "flow.json"],
        ]
        for arguments in declined {
            #expect(RunArguments.parse(arguments) == nil, "\(arguments)")
        }
    }

    @Test func aDeclinedCommandStillGetsArgumentParsersMessage() async throws {
        let io = CapturedIO(input: "")
        let status = await Jasonrun.main(["flow.json", "--render", "html", "--no-persist"], io: io)
        #expect(status == ExitStatus.usage)
        #expect(io.err.contains("--render"), "\(io.err)")
    }
}
