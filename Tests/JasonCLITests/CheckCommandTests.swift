import Foundation
import JasonCLI
import TestSupport
import Testing

/// `jasonrun check` and `jasonrun schema` through the real binary: exit statuses and output formats.
@Suite struct CheckCommandTests {
    func launch(_ arguments: [String], stdin: String? = nil) throws -> (status: Int32, out: String, err: String) {
        struct NotBuilt: Error {}
        guard let binary = BinaryTests.binary else { throw NotBuilt() }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func exitStatuses() throws {
        let clean = try Paths.write(#"{"type": "$util.toast", "options": {"text": "hi"}}"#)
        let warning = try Paths.write(#"{"type": "$segment.track"}"#)
        let error = try Paths.write(#"{"type": "$utill.alert"}"#)
        let broken = try Paths.write(#"{"type": "$util.alert",}"#)
        #expect(try launch(["check", clean.path]).status == 0)
        #expect(try launch(["check", warning.path]).status == 0)
        let failed = try launch(["check", error.path])
        #expect(failed.status == 1)
        #expect(failed.out.contains("\(error.path):1:10: error: unknown action type '$utill.alert'; did you mean $util.alert? [unknown-action]"),
                "\(failed.out)")
        #expect(failed.out.contains("  1 | {\"type\": \"$utill.alert\"}\n    |          ^"))
        let unreadable = try launch(["check", broken.path, error.path])
        #expect(unreadable.status == 65)
        #expect(unreadable.out.contains("\(broken.path):1:24: error:"), "\(unreadable.out)")
        #expect(try launch(["check", "/nonexistent/flow.json"]).status == 66)
        #expect(try launch(["check"]).status == 64)
        let piped = try launch(["check", "-"], stdin: #"{"type": "$utill.alert"}"#)
        #expect(piped.status == 1)
        #expect(piped.out.hasPrefix("<stdin>:1:10: error:"), "\(piped.out)")
    }

    @Test func everyExampleChecksWithoutErrors() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Paths.examples.path).sorted()
        var files: [String] = []
        for folder in folders {
            for name in ["flow.json", "app.json"] {
                let path = Paths.examples.appendingPathComponent(folder).appendingPathComponent(name).path
                if FileManager.default.fileExists(atPath: path) { files.append(path) }
            }
        }
        let r = try launch(["check"] + files)
        #expect(r.status == 0, "\(r.out)")
        #expect(r.out.contains("\(files.count) files checked: 0 errors"), "\(r.out)")
    }

    @Test func jsonAndSarifFormats() throws {
        let error = try Paths.write(#"{"type": "$utill.alert"}"#)
        let json = try launch(["check", "--format", "json", error.path])
        #expect(json.status == 1)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(list.first?["id"] as? String == "unknown-action")
        let sarif = try launch(["check", "--format", "sarif", error.path])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
    }

    @Test func schemaIsJSON() throws {
        let r = try launch(["schema"])
        #expect(r.status == 0)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }
}
