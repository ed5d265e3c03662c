import Foundation
import TestSupport
import Testing

/// Docs/Tutorial.md's commands, copied as a learner would, run from the repository's root: each works
/// and ends as the example's `expected.txt` says, and the places the text cites are what the runs print.
@Suite struct TutorialCommandTests {
    static let tutorial = (try? String(contentsOf: Paths.packageRoot.appendingPathComponent("Docs/Tutorial.md"), encoding: .utf8)) ?? ""

    /// The `jasonrun` lines of the `sh` blocks that run to an end by themselves (not the REPL, the
    /// preview or a command writing into a file).
    static let commands: [String] = {
        var found: [String] = []
        var inShell = false
        for line in tutorial.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inShell = line == "```sh"; continue }
            guard inShell, line.hasPrefix("jasonrun ") else { continue }
            let command = String(line.split(separator: "#")[0]).trimmingCharacters(in: .whitespaces)
            if ["jasonrun repl", "jasonrun preview", "jasonrun state"].contains(where: command.hasPrefix) || command.contains(">") { continue }
            found.append(command)
        }
        return found
    }()

    @Test func everyStepHasACommand() { #expect(Self.commands.count >= 15, "\(Self.commands)") }

    @Test(arguments: commands)
    func theCommandRunsFromTheRootAsTheExampleSays(command: String) throws {
        var words = command.split(separator: " ").map(String.init).dropFirst().map { $0 }
        let example = words.first { $0.hasPrefix("Examples/") }.map { $0.split(separator: "/").prefix(2).joined(separator: "/") }
        let isTest = words.first == "test"
        // Runs keep their state in a folder of their own; commands that run nothing have no state.
        if !isTest, !["check", "graph", "explore"].contains(words.first) { words += ["--state-dir", FileManager.default.temporaryDirectory.appendingPathComponent("tutorial-\(UUID().uuidString)").path] }
        let process = Process()
        process.executableURL = BinaryTests.binary
        process.arguments = words
        process.currentDirectoryURL = Paths.packageRoot
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var expected: Int32 = 0
        if isTest {
            expected = command.contains("14-testing") ? 1 : 0   // 14 keeps one wrong case on purpose
        } else if words.first == "explore" {
            expected = 1   // 17 leaves two paths unhandled for its exercise
        } else if let example {
            let golden = try String(contentsOf: Paths.packageRoot.appendingPathComponent(example).appendingPathComponent("expected.txt"), encoding: .utf8)
            expected = Int32(golden.split(separator: "\n").first?.dropFirst("exit: ".count) ?? "0") ?? 0
        }
        #expect(process.terminationStatus == expected, "\(command): \(err)")
        #expect(!err.contains("no such file"), "\(command): \(err)")
    }

    @Test func thePlacesTheTextCitesAreWhatTheRunsPrint() throws {
        // Step 3 cites its run's errors (`flow.json:16:19`); step 17 what explore prints (with the folder).
        let all = Self.tutorial.matches(of: /([\w\/.-]*)flow\.json:(\d+):(\d+)/).map { (folder: String($0.1), place: "flow.json:\($0.2):\($0.3)") }
        let cited = all.filter { !$0.folder.contains("17-explore") }.map(\.place)
        #expect(!cited.isEmpty)
        let golden = try String(contentsOf: Paths.examples.appendingPathComponent("03-error-branches/expected.txt"), encoding: .utf8)
        for place in Set(cited) { #expect(golden.contains(place + ":"), "\(place) is not in 03's expected output") }

        let explored = all.filter { $0.folder.contains("17-explore") }.map { "Examples/17-explore/" + $0.place }
        #expect(explored.count >= 2)
        let report = try BinaryTests().launch(["explore", Paths.examples.appendingPathComponent("17-explore/flow.json").path],
                                              persist: true).out
        for place in Set(explored) { #expect(report.contains(place + " "), "\(place) is not in what explore prints: \(report)") }
    }
}
