import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Keys at a real terminal (a pseudo-terminal): Ctrl-C at the prompt, Tab on a lone match, Ctrl-D while paused.
@Suite struct REPLKeyTests {
    typealias Terminal = REPLTerminalTests.Terminal

    /// Types once libedit is reading keys (the terminal is out of canonical mode): typed earlier, the
    /// kernel would echo the line as well (type-ahead), which is not what these tests are about.
    private func typeAtPrompt(_ terminal: Terminal, _ text: String) {
        for _ in 0..<2000 {
            var modes = termios()
            if tcgetattr(terminal.master, &modes) == 0, modes.c_lflag & tcflag_t(ICANON) == 0 { break }
            var none = pollfd()
            _ = poll(&none, 0, 5)
        }
        terminal.type(text)
    }

    /// Ends the session and waits for the process, killing it if it does not end.
    private func finish(_ terminal: Terminal, typing text: String) {
        typeAtPrompt(terminal, text)
        for _ in 0..<2000 where terminal.process.isRunning {
            var none = pollfd()
            _ = poll(&none, 0, 10)
        }
        if terminal.process.isRunning { terminal.process.terminate() }
        terminal.process.waitUntilExit()
    }

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
        typeAtPrompt(terminal, "{\"type\": \"$util.toast\",\r")
        #expect(terminal.waitFor("..."))
        // The child has no controlling terminal, so the Ctrl-C key would raise nothing: send what it raises.
        kill(terminal.process.processIdentifier, SIGINT)
        #expect(terminal.waitFor("(jason) "), "Ctrl-C drops the half-typed action: \(terminal.screen)")
        terminal.clear()
        typeAtPrompt(terminal, "run\r")
        #expect(terminal.waitFor("idle after 4 actions"), "the run is not stopped by the old Ctrl-C: \(terminal.screen)")
        #expect(!terminal.screen.contains("interrupted"))
        #expect(!terminal.screen.contains("run\r\nrun"), "the line is echoed once: \(terminal.screen)")
        finish(terminal, typing: "quit\r")
    }

    @Test func tabOnALoneMatchCompletesWithoutTheBell() throws {
        let terminal = try start()
        terminal.clear()
        typeAtPrompt(terminal, "wat\t")
        #expect(terminal.waitFor("ch "), "completed to \"watch \": \(terminal.screen.debugDescription)")
        #expect(!terminal.screen.contains("\u{07}"), "no bell: \(terminal.screen.debugDescription)")
        finish(terminal, typing: "\u{15}quit\r")
    }

    @Test func ctrlDWhilePausedAsksFirst() throws {
        let terminal = try start()
        typeAtPrompt(terminal, "break $util.toast\r")
        #expect(terminal.waitFor("breakpoint 1"))
        typeAtPrompt(terminal, "run\r")
        #expect(terminal.waitFor("(jason at $util.toast, line 16) "), "the prompt says where: \(terminal.screen)")
        terminal.clear()
        typeAtPrompt(terminal, "\u{04}")
        #expect(terminal.waitFor("Leave anyway? (y or n)"), "\(terminal.screen)")
        typeAtPrompt(terminal, "n\r")
        #expect(terminal.waitFor("(jason at $util.toast, line 16) "))
        typeAtPrompt(terminal, "print 6 * 7\r")
        #expect(terminal.waitFor("42"), "the session goes on: \(terminal.screen)")
        typeAtPrompt(terminal, "\u{04}")
        #expect(terminal.waitFor("Leave anyway?"))
        finish(terminal, typing: "y\r")
        #expect(terminal.process.terminationStatus == 0)
    }

    @Test func quitWhilePausedAsksFirstToo() throws {
        let terminal = try start()
        typeAtPrompt(terminal, "break $util.toast\r")
        #expect(terminal.waitFor("breakpoint 1"))
        typeAtPrompt(terminal, "run\r")
        #expect(terminal.waitFor("(jason at $util.toast, line 16) "))
        terminal.clear()
        typeAtPrompt(terminal, "quit\r")
        #expect(terminal.waitFor("Leave anyway? (y or n)"), "\(terminal.screen)")
        typeAtPrompt(terminal, "n\r")
        #expect(terminal.waitFor("(jason at $util.toast, line 16) "), "\(terminal.screen)")
        typeAtPrompt(terminal, "quit\r")
        #expect(terminal.waitFor("Leave anyway?"))
        finish(terminal, typing: "y\r")
        #expect(terminal.process.terminationStatus == 0)
    }
}
