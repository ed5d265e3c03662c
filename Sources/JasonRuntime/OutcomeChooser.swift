import JasonJSON

/// One way the outside world may answer an action: what `jasonrun explore` follows, named for its report,
/// with how a stub file writes it (so a path found can be written down as a test).
package struct Alternative: Sendable, Equatable {
    /// What happened, in a word or two: "ok", "fails", "HTTP 404", "cancelled", "chooses 2 (Tea)".
    package var label: String
    /// The stub that gives this answer: a `network` entry's `response` or `{"error": …}`, or an `answers` entry.
    package var stub: JSON
    /// The device's answer, for an action that asks a person or a device (nil: as a run with no stub answers).
    package var answer: DeviceAnswer?

    package init(_ label: String, stub: JSON, answer: DeviceAnswer? = nil) {
        self.label = label
        self.stub = stub
        self.answer = answer
    }
}

extension [Alternative] {
    /// The alternatives, where two share a label (two stubbed answers that both succeed) told apart by
    /// their place in the list: "ok (answer 1)", "ok (answer 2)".
    package func numbered() -> [Alternative] {
        let labels = map(\.label)
        var numbered = self
        for i in indices where labels.filter({ $0 == labels[i] }).count > 1 { numbered[i].label += " (answer \(i + 1))" }
        return numbered
    }
}

/// Decides the outside world's answers instead of the stub file and the user: `jasonrun explore` gives
/// one answer on one path and the others on the next, forking the run where each is asked.
package protocol OutcomeChooser: Sendable {
    /// The answer for the device or prompt action `type` now running.
    func answer(for type: String) -> DeviceAnswer?
    /// Which of `alternatives` the request now sent gets (their index); nil when the request is not one
    /// the exploration follows, which is then answered as in a test: by a stub, or not at all.
    func choose(_ alternatives: [Alternative], for request: HTTPRequest) -> Int?
}
