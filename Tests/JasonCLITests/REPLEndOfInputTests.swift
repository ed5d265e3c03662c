import Foundation
import Testing

/// The end of piped input ends the REPL, also after JavaScript's watchdog stopped an expression (its
/// signal used to leave the input stream failing without ever reporting the end).
@Suite struct REPLEndOfInputTests {
    @Test func pipedInputEndsTheSessionAfterAStoppedExpression() throws {
        let binary = try #require(BinaryTests.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["repl", "--offline"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // A hang must fail the test, not block the suite: the process is killed after a generous bound.
        let guardTimer = DispatchSource.makeTimerSource()
        guardTimer.schedule(deadline: .now() + 30)
        guardTimer.setEventHandler { if process.isRunning { process.terminate() } }
        guardTimer.resume()
        input.fileHandleForWriting.write(Data("p (function(){ while(true){} })()\np 1+1".utf8))
        try input.fileHandleForWriting.close()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guardTimer.cancel()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(out)")
        #expect(out.contains("stopped after running longer than 1 s"))
        #expect(out.hasSuffix("2\n"))
    }
}
