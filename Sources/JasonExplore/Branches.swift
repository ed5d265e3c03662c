import JasonJSON
import JasonRuntime
import Synchronization

/// One question an action asked the outside world, and the answers it could have had.
struct Question: Sendable {
    enum Asker: Sendable {
        /// A person or a device, for this action type.
        case device(String)
        /// A server, for this request.
        case server(HTTPRequest)
    }

    var asker: Asker
    var alternatives: [Alternative]

    /// The answer given on the path that took choice `choice` (the last one past the end of the list).
    func answer(_ choice: Int) -> Alternative { alternatives[min(choice, alternatives.count - 1)] }
}

/// The outside world of an exploration: before each action the explorer says which answer the action is
/// to get (by its place among the alternatives); the action, asking, offers its alternatives and gets
/// that one. Afterwards the explorer reads what was asked, to follow the other answers from a snapshot.
/// An action that asks several questions at once (`$require`'s URLs) gets the same choice for each.
final class Branches: OutcomeChooser {
    private struct Armed {
        var type: String
        var options: JSON?
        var choice: Int
        var asked: [Question] = []
    }

    /// The stub file's answers by type: each is one alternative (a list is several).
    private let stubbed: [String: [DeviceAnswer]]
    private let armed = Mutex<Armed?>(nil)

    init(stubbed: [String: [DeviceAnswer]]) {
        self.stubbed = stubbed
    }

    /// The next action (`step`) gets alternative number `choice` of those it offers.
    func arm(_ step: ActionStep, choice: Int) {
        let type = if case .type(let type) = step.target { type } else { "" }
        armed.withLock { $0 = Armed(type: type, options: step.options, choice: choice) }
    }

    /// The questions the action asked, in order.
    func disarm() -> [Question] {
        armed.withLock { current in
            defer { current = nil }
            return current?.asked ?? []
        }
    }

    func answer(for type: String) -> DeviceAnswer? {
        armed.withLock { current in
            guard var now = current, now.type == type else {
                // Asked by something the explorer does not follow: the first answer, as a run would give it.
                return DeviceChoices.alternatives(for: type, options: nil, stubbed: stubbed[type] ?? []).first?.answer
            }
            let alternatives = DeviceChoices.alternatives(for: type, options: now.options, stubbed: stubbed[type] ?? [])
            // Nothing to choose (an agent answering for itself): the action goes on as in a run.
            guard !alternatives.isEmpty else { return nil }
            let question = Question(asker: .device(type), alternatives: alternatives)
            now.asked.append(question)
            current = now
            return question.answer(now.choice).answer
        }
    }

    func choose(_ alternatives: [Alternative], for request: HTTPRequest) -> Int? {
        armed.withLock { current in
            // Only requests the action itself sends fork; the rest (a remote script, a mixin) are answered
            // as in a test.
            guard var now = current, Self.requesters.contains(now.type) else { return nil }
            now.asked.append(Question(asker: .server(request), alternatives: alternatives))
            current = now
            return min(now.choice, alternatives.count - 1)
        }
    }

    /// The actions whose requests fork.
    static let requesters: Set<String> = ["$network.request", "$require"]
}
