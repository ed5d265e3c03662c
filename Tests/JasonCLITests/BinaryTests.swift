import Foundation
import TestSupport
import Testing

/// The real `jasonrun` executable, started as a process: the same exit statuses as in-process.
@Suite struct BinaryTests {
    static let binary: URL? = {
        let candidates = [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL,
                          Bundle.main.bundleURL.deletingLastPathComponent()]
        return candidates.compactMap { $0?.appendingPathComponent("jasonrun") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Starts the binary with `arguments`: standard output piped, standard error dropped.
    static func start(_ arguments: [String]) throws -> (Process, Pipe) {
        struct NotBuilt: Error {}
        guard let binary else { throw NotBuilt() }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, output)
    }

    func launch(_ arguments: [String], stdin: String = "", persist: Bool = false,
                environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String)
    {
        struct NotBuilt: Error {}
        guard let binary = Self.binary else { throw NotBuilt() }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + (persist ? [] : ["--no-persist"])
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func runsTheHelloExample() throws {
        let r = try launch([Paths.examples.appendingPathComponent("01-hello/flow.json").path])
        #expect(r.status == 0)
        #expect(r.out.contains("[banner] Hello, world!"))
    }

    @Test func exitStatusesReachTheShell() throws {
        #expect(try launch(["-"], stdin: #"{"type": "$nosuch.x"}"#).status == 1)
        #expect(try launch(["-"], stdin: "[").status == 65)
        #expect(try launch(["/nonexistent.json"]).status == 66)
        #expect(try launch(["--bogus"]).status == 64)
    }
}
