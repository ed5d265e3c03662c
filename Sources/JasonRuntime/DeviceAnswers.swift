import JasonJSON

/// How the user (or a stub standing in for them) answered an action that needs a person or a device:
/// an alert's form, a picker, the GPS, the camera.
public enum DeviceAnswer: Sendable, Equatable {
    /// The action succeeds with this value (nil: no value).
    case value(JSON?)
    /// The action takes its error branch with this payload.
    case error(JSON?)
    /// The user cancelled; each action says what that means (alerts fail, pickers end the chain).
    case cancel
}

/// Canned answers by action type, from the `answers` of the `--stubs` file. A list of answers is used
/// one per call, in order; the last one then keeps answering. A value: what is left of it is part of the
/// run's state, so going back in time gives back the answers used since.
public struct AnswerBook: Sendable {
    var queues: [String: [DeviceAnswer]]

    public init(_ answers: [String: [DeviceAnswer]] = [:]) {
        queues = answers.filter { !$0.value.isEmpty }
    }

    init(queues: [String: [DeviceAnswer]]) { self.queues = queues }

    /// The next answer for `type`, taken from the book.
    mutating func next(for type: String) -> DeviceAnswer? {
        guard var queue = queues[type], let first = queue.first else { return nil }
        if queue.count > 1 {
            queue.removeFirst()
            queues[type] = queue
        }
        return first
    }

    package var types: [String] { queues.keys.sorted() }
}

/// Lines typed by the user, for prompting actions; present only when standard input is a terminal.
public protocol LineInput: Sendable {
    /// Shows `prompt` and reads one line; nil at end of input (Ctrl-D), which counts as a cancel.
    func readLine(prompt: String) async -> String?
    /// As `readLine`, without showing what is typed (a password field).
    func readSecret(prompt: String) async -> String?
}

extension LineInput {
    public func readSecret(prompt: String) async -> String? { await readLine(prompt: prompt) }
}

