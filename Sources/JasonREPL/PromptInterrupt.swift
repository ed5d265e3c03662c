import JasonDebugger
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C at the prompt. The kernel hands SIGINT to any thread of the process, and Swift's runtime has
/// several, so an interrupted `read` cannot be relied on to end `readline` (it only ever did in a
/// one-threaded process). Instead libedit reads keys through `promptGetc`, which waits on the terminal
/// and on a pipe the signal handler writes to; a byte on the pipe ends the line as if at end of input,
/// and the reader, seeing the interrupt flag, reports a cancelled line.
enum PromptInterrupt {
    /// Both ends of the pipe, set once before the handler is installed (handlers can reach only globals).
    static let readEnd = Atomic<Int32>(-1)
    static let writeEnd = Atomic<Int32>(-1)
    /// True while `readline` waits: a Ctrl-C during a run must not cancel the next prompt.
    static let prompting = Atomic<Bool>(false)

    static func install() {
        var ends: [Int32] = [-1, -1]
        guard readEnd.load(ordering: .relaxed) < 0, pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        readEnd.store(ends[0], ordering: .relaxed)
        writeEnd.store(ends[1], ordering: .relaxed)
    }

    /// Called from the signal handler: async-signal-safe calls only.
    static func signal() {
        interruptFlag.store(true, ordering: .relaxed)
        guard prompting.load(ordering: .relaxed) else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd.load(ordering: .relaxed), &byte, 1)
    }

    /// Empties the pipe of interrupts that arrived while no prompt was up.
    static func drain() {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(readEnd.load(ordering: .relaxed), &sink, sink.count) > 0 {}
    }
}

/// libedit's key reader: one Unicode scalar from the terminal, or -1 (end of input) when Ctrl-C arrived.
/// libedit takes the returned int as a whole character, so UTF-8 is decoded here.
func promptGetc(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
    let input = stream.map { fileno($0) } ?? 0
    guard let first = readByte(input) else { return -1 }
    let length = first < 0x80 ? 1 : first >> 5 == 0b110 ? 2 : first >> 4 == 0b1110 ? 3 : first >> 3 == 0b11110 ? 4 : 1
    guard length > 1 else { return Int32(first) }
    var scalar = UInt32(first) & (0xFF >> (length + 1))
    for _ in 1..<length {
        guard let next = readByte(input), next & 0xC0 == 0x80 else { return Int32(UnicodeScalar.replacement) }
        scalar = scalar << 6 | UInt32(next & 0x3F)
    }
    return Int32(bitPattern: scalar)
}

private extension UnicodeScalar {
    static let replacement: UInt32 = 0xFFFD
}

/// Waits for a byte on `input` or an interrupt on the pipe; nil for end of input or an interrupt.
private func readByte(_ input: Int32) -> UInt8? {
    var waits = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                 pollfd(fd: PromptInterrupt.readEnd.load(ordering: .relaxed), events: Int16(POLLIN), revents: 0)]
    while true {
        let ready = poll(&waits, 2, -1)
        if ready < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if waits[1].revents != 0 {
            PromptInterrupt.drain()
            return nil
        }
        var byte: UInt8 = 0
        let count = read(input, &byte, 1)
        if count == 1 { return byte }
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        return nil
    }
}
