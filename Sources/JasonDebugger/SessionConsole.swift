import JasonJSON
import JasonRuntime
import Synchronization

/// Where the program's actions print during a debugging session: through to the face's own console,
/// and kept, so that going forward over a recorded past prints it again without running the actions
/// again.
package final class SessionConsole: Console {
    /// One thing an action printed.
    package enum Printed: Sendable {
        case line(String)
        case error(String)
        case body(JSON)
    }

    private let inner: any Console
    private let recorded = Mutex<[Printed]>([])

    package init(_ inner: any Console) {
        self.inner = inner
    }

    package func print(_ line: String) { emit(.line(line)) }
    package func printError(_ line: String) { emit(.error(line)) }
    package func present(body: JSON) { emit(.body(body)) }

    private func emit(_ printed: Printed) {
        recorded.withLock { $0.append(printed) }
        replay(printed)
    }

    /// What was printed since the last call.
    func takeRecorded() -> [Printed] {
        recorded.withLock { lines in
            defer { lines = [] }
            return lines
        }
    }

    /// Prints what an action printed; `again` when going forward over a recorded past, marked so that
    /// nobody takes it for the world being asked twice.
    func replay(_ printed: Printed, again: Bool = false) {
        let mark = again ? "(replayed) " : ""
        switch printed {
        case .line(let line): inner.print(mark + line)
        case .error(let line): inner.printError(mark + line)
        case .body(let body):
            if again { inner.print(mark + "the body below") }
            inner.present(body: body)
        }
    }
}

/// Lines written as text, each with its line break; a body as pretty JSON.
package struct TextConsole: Console {
    let write: @Sendable (String) -> Void

    package init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    package func print(_ line: String) { write(line + "\n") }
    package func printError(_ line: String) { write(line + "\n") }
    package func present(body: JSON) { write(JSONPrinter.pretty(body) + "\n") }
}
