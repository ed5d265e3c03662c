import Foundation
import TestSupport
import Testing

/// The Tutorial's exercises: each `Examples/NN-name/exercise.json` fails on the example as it is (so it
/// asks for something), and passes once the files of its `solution/` folder are put in place.
@Suite struct ExerciseTests {
    static let folders: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: Paths.examples.path)) ?? []).filter {
        FileManager.default.fileExists(atPath: Paths.examples.appendingPathComponent($0).appendingPathComponent("exercise.json").path)
    }.sorted()

    /// Every step of the Tutorial (the numbered examples) has one.
    @Test func everyStepHasAnExercise() {
        let steps = ((try? FileManager.default.contentsOfDirectory(atPath: Paths.examples.path)) ?? []).filter { $0.first?.isNumber == true }
        #expect(steps.count == 17)
        #expect(Set(Self.folders) == Set(steps))
    }

    @Test(arguments: folders)
    func theExerciseFailsAsGivenAndPassesWhenSolved(folder: String) throws {
        let example = Paths.examples.appendingPathComponent(folder)
        let binary = BinaryTests()
        let given = try binary.launch(["test", example.appendingPathComponent("exercise.json").path], persist: true)
        #expect(given.status != 0, "\(folder): the exercise passes before anything is done")

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("exercise-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: example, to: work)
        let solution = example.appendingPathComponent("solution")
        for name in try FileManager.default.contentsOfDirectory(atPath: solution.path) {
            let target = work.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: solution.appendingPathComponent(name), to: target)
        }
        let solved = try binary.launch(["test", work.appendingPathComponent("exercise.json").path], persist: true)
        #expect(solved.status == 0, "\(folder): \(solved.out) \(solved.err)")
        #expect(solved.out.hasSuffix("passed, 0 failed\n"))
    }
}
