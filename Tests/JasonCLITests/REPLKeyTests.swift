import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Keys at a real terminal (a pseudo-terminal): Ctrl-C at the prompt, Tab on a lone match, Ctrl-D while paused.
@Suite struct REPLKeyTests {
    typealias Terminal = REPLTerminalTests.Terminal

    private func start() throws -> Terminal {
        let history = try Paths.write("", name: "keys-history").path
        let flow = Paths.examples.appendingPathComponent("01-hello/flow.json").path
        let terminal = try Terminal(["repl", flow, "--offline", "--history", history])
        #expect(terminal.waitFor("(jason) "))
        return terminal
    }

    @Test func ctrlCAtThePromptIsForgottenAndCancelsAHalfTypedAction() throws {
        let terminal = try start()
        // Ctrl-C at an empty prompt, as a signal to the process and as the key: a new prompt each time.
        terminal.clear()
        kill(terminal.process.processIdentifier, SIGINT)
        #expect(terminal.waitFor("(jason) "), "a new prompt after Ctrl-C: \(terminal.screen)")
        terminal.clear()
        terminal.type("{\"type\": \"$util.toast\",\r")
        #expect(terminal.waitFor("..."))
        // The child has no controlling terminal, so the Ctrl-C key would raise nothing: send what it raises.
        kill(terminal.process.processIdentifier, SIGINT)
        #expect(terminal.waitFor("(jason) "), "Ctrl-C drops the half-typed action: \(terminal.screen)")
        terminal.clear()
        terminal.type("run\r")
        #expect(terminal.waitFor("idle after 4 actions"), "the run is not stopped by the old Ctrl-C: \(terminal.screen)")
        #expect(!terminal.screen.contains("interrupted"))
        #expect(!terminal.screen.contains("run\r\nrun"), "the line is echoed once: \(terminal.screen)")
        terminal.type("quit\r")
        terminal.process.waitUntilExit()
    }

    @Test func tabOnALoneMatchCompletesWithoutTheBell() throws {
        let terminal = try start()
        terminal.clear()
        terminal.type("wat\t")
        #expect(terminal.waitFor("ch "))
        #expect(!terminal.screen.contains("\u{07}"), "no bell: \(terminal.screen.debugDescription)")
        terminal.type("\u{15}quit\r")
        terminal.process.waitUntilExit()
    }

    @Test func ctrlDWhilePausedAsksFirst() throws {
        let terminal = try start()
        terminal.type("break $util.toast\rrun\r")
        #expect(terminal.waitFor("(jason at $util.toast, line 16) "), "the prompt says where: \(terminal.screen)")
        terminal.clear()
        terminal.type("\u{04}")
        #expect(terminal.waitFor("Leave anyway? (y or n)"), "\(terminal.screen)")
        terminal.type("n\r")
        #expect(terminal.waitFor("(jason at $util.toast, line 16) "))
        terminal.type("print 6 * 7\r")
        #expect(terminal.waitFor("42"), "the session goes on: \(terminal.screen)")
        terminal.type("\u{04}")
        #expect(terminal.waitFor("Leave anyway?"))
        terminal.type("y\r")
        terminal.process.waitUntilExit()
        #expect(terminal.process.terminationStatus == 0)
    }
}
