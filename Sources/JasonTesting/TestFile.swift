import JasonActions
import JasonJSON
import JasonRuntime

/// A `*.test.json` file, checked and loaded: the flow under test, its stubs and its cases.
package struct TestFile: Sendable {
    /// The test file as read (its text locates failures and format errors).
    package var source: SourceFile
    package var root: JSON
    package var locator: SourceLocator
    /// The document the cases run, loaded once and shared by them.
    package var document: Document
    /// The flow's text, when it came from its own file (diagnostics quote it); nil for `document`.
    package var flowSource: SourceFile?
    /// The folder `file://` URLs of the flow may read.
    package var home: String
    /// What else `file://` may read (`--allow-read`), and how large a file may be (`--max-file-size`).
    package var reading = Reading()
    /// The flow's URL: the key of its `$cache`, and the base of its relative URLs.
    package var viewURL: String
    package var stubs: StubFile
    package var stubSource: SourceFile?
    package var cases: [TestCase]
    package var limits: CaseLimits
}

/// The limits on what a test reads: the same options, and the same defaults, as a run's.
package struct Reading: Sendable {
    package var allowRead: [String] = []
    package var maxFileSize = FileAccess.defaultMaximumSize
    package init(allowRead: [String] = [], maxFileSize: Int = FileAccess.defaultMaximumSize) {
        self.allowRead = allowRead
        self.maxFileSize = maxFileSize
    }

    /// What may be read from `home` (a test file's folder, or its flow's): it and `allowRead`, within the limit.
    package func access(home: String) -> FileAccess {
        FileAccess(folders: [home] + allowRead, maximumSize: maxFileSize)
    }
}

/// What stops a case that would never end.
package struct CaseLimits: Sendable {
    package var maxSteps = 100_000
    /// Seconds on the virtual clock.
    package var timeLimit = 60.0
    /// `Math.random()`'s seed: a case with one draws the same numbers every run.
    package var seed: UInt64?
    package init() {}
}

/// One case: a fresh interpreter, the events a user causes, and what must be true afterwards.
package struct TestCase: Sendable {
    package var name: String
    /// Where the case is written in the test file (`/cases/2`).
    package var pointer: JSONPointer
    package var jason: JSON?
    package var params: JSONObject?
    package var global: JSONObject?
    /// The case's own stubs, used instead of the file's.
    package var stubs: StubFile?
    package var answers: [String: [DeviceAnswer]]
    package var events: [Event]
    package var expect: Expectations
    package var limits: CaseLimits
}

/// Something the user (or the host app) does after the flow has started.
package struct Event: Sendable {
    package enum Kind: Sendable {
        /// `{"run": "$pull"}`: head.actions[NAME] runs, like the REPL's `run EVENT`.
        case run(String, jason: JSON?)
        /// `{"tap": "/$jason/body/sections/0/items/1"}`: the item's action runs, or its href is followed.
        case tap(JSONPointer)
        /// `{"input": "name", "value": "ann"}`: a form field changes `$get.name`.
        case input(String, JSON)
        /// `{"advance": "2s"}`: time passes on the virtual clock and due timers run.
        case advance(Double)
        /// `{"action": {…}}`: an action the host performs, like one typed at the REPL.
        case action(JSON)
    }

    package var kind: Kind
    package var pointer: JSONPointer
}

/// The `expect` of a case; each part is checked only when written.
package struct Expectations: Sendable {
    /// Lines on standard output, in order; each entry must be contained in its line (other lines may
    /// come between).
    package var printed: [String]?
    /// The same for `$log` lines (standard error).
    package var logged: [String]?
    /// Subsets of the state of the view on screen at the end.
    package var get: JSON?
    package var global: JSON?
    package var cache: JSON?
    /// A subset of the last rendered body.
    package var rendered: JSON?
    /// 0 when every chain ended well, 1 when one ended on an unhandled error.
    package var exit: Int?
    /// The first unhandled error: its action's pointer, and optionally words of its message and its id.
    package var error: ErrorExpectation?
    /// Every action performed, in order, by JSON pointer.
    package var visited: [String]?
    /// Where `expect` is written.
    package var pointer: JSONPointer

    package init(pointer: JSONPointer) { self.pointer = pointer }

    package var isEmpty: Bool {
        printed == nil && logged == nil && get == nil && global == nil && cache == nil && rendered == nil
            && exit == nil && error == nil && visited == nil
    }
}

package struct ErrorExpectation: Sendable {
    package var pointer: String?
    package var message: String?
    package var id: String?
}
