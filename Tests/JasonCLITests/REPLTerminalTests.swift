import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real libedit front end, driven through a pseudo-terminal: Tab completes, Up recalls history,
/// Ctrl-C stops a run that never ends and the session goes on, and the history is saved.
@Suite struct REPLTerminalTests {
    /// A child process whose standard streams are the slave side of a pseudo-terminal.
    final class Terminal {
        let master: Int32
        let process = Process()
        var screen = ""

        init(_ arguments: [String]) throws {
            struct NoTerminal: Error {}
            // posix_openpt and friends are not exported by Swift's Glibc module; these are the Linux ioctls
            // they use (TIOCSPTLCK unlocks the slave, TIOCGPTN reads its number).
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
                throw NoTerminal()
            }
            let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard slave >= 0, let binary = BinaryTests.binary else { throw NoTerminal() }
            let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
            process.executableURL = binary
            process.arguments = arguments
            process.environment = ["TERM": "xterm", "HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"]
            process.standardInput = handle
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        }

        deinit {
            if process.isRunning { process.terminate() }
            close(master)
        }

        func type(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
        }

        /// Reads what the program draws until `text` shows up (true) or it has been quiet too long (false).
        /// A signal to the test process (SIGCHLD when another test's child ends) interrupts `poll` and
        /// `read` with EINTR; that is not the program being quiet, so they are asked again.
        func waitFor(_ text: String, seconds: Int32 = 20) -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !screen.contains(text) {
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, seconds * 1000)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else { return false }
                let count = read(master, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                screen += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            return true
        }

        /// Forgets what was drawn so far, so that the next wait looks only at new output.
        func clear() { screen = "" }
    }

    @Test func completionHistoryAndInterrupts() throws {
        let history = try Paths.write("", name: "history").path
        try FileManager.default.removeItem(atPath: history)
        let flow = Paths.fixtures("JasonCLITests").appendingPathComponent("repl/shop.json").path
        let terminal = try Terminal(["repl", flow, "--offline", "--history", history])
        #expect(terminal.waitFor("(jason) "))

        // Tab completes "wat" to the command "watch " and "$glo" to the variable "$global"; only then
        // does the line mean something.
        terminal.clear()
        terminal.type("wat\t")
        terminal.type("$glo\t")
        terminal.type("\r")
        #expect(terminal.waitFor("watch 1: $global = {}"), "\(terminal.screen)")

        terminal.clear()
        terminal.type("\u{1b}[A\r")   // Up, then Enter: the same watch again
        #expect(terminal.waitFor("watch 2: $global = {}"), "\(terminal.screen)")

        terminal.clear()
        terminal.type("delete 1\rdelete 2\rtrigger loop\r")
        #expect(terminal.waitFor("looping"))
        kill(terminal.process.processIdentifier, SIGINT)   // Ctrl-C
        #expect(terminal.waitFor("interrupted"), "\(terminal.screen)")
        terminal.clear()
        terminal.type("print 6 * 7\r")
        #expect(terminal.waitFor("42"), "the session is usable after the interrupt: \(terminal.screen)")

        terminal.type("quit\r")   // the loop was interrupted, so the program is paused: quit asks first
        #expect(terminal.waitFor("Leave anyway? (y or n)"), "\(terminal.screen)")
        terminal.type("y\r")
        terminal.process.waitUntilExit()
        #expect(terminal.process.terminationStatus == 0)
        let saved = (try? String(contentsOfFile: history, encoding: .utf8)) ?? ""
        #expect(saved.contains("watch"), "the history is saved: \(saved)")
    }
}
