import JasonJSON
import JasonRuntime

/// `--write-tests`: a `*.test.json` with a case per path explored. Each case's stubs give the answers its
/// path took, in the order they were asked (a list where one request or device was asked more than
/// once), and its expectations are what the path printed, its exit status and its first unhandled error.
/// Paths that never end are left out: a test case must end.
package struct TestWriter: Sendable {
    /// The flow as the test file names it (relative to the test file's folder).
    package var flow: String
    package var seed: UInt64?
    package private(set) var cases: [JSON] = []
    /// Paths left out because they never end.
    package private(set) var leftOut = 0
    private var names: Set<String> = []

    package init(flow: String, seed: UInt64?) {
        self.flow = flow
        self.seed = seed
    }

    package mutating func add(_ path: ExplorePath) {
        if case .stepLimit = path.ending {
            leftOut += 1
            return
        }
        var name = path.route
        var n = 2
        while names.contains(name) {
            name = path.route + " #\(n)"
            n += 1
        }
        names.insert(name)
        var expect: JSONObject = ["printed": .array(path.printed.map(JSON.string)), "exit": .int(path.exit)]
        if let pointer = path.firstError?.pointer { expect["error"] = .string(pointer.description) }
        var written: JSONObject = ["name": .string(name), "stubs": Self.stubs(path.choices)]
        var events: [JSON] = path.events.map { ["tap": .string($0.description)] }
        // A run that ends before a timer fires: the case keeps the clock, advanced to that moment only.
        if let end = path.choices.last?.endsAt ?? path.timersStoppedAt { events.append(["advance": .double(end)]) }
        if !events.isEmpty { written["events"] = .array(events) }
        written["expect"] = .object(expect)
        cases.append(.object(written))
    }

    /// The stub file that gives a path's answers.
    static func stubs(_ choices: [Choice]) -> JSON {
        var answers = JSONObject()
        var requests: [(method: String, url: String, given: [JSON])] = []
        for choice in choices {
            for (asker, answer) in choice.answers {
                switch asker {
                case .device(let type):
                    answers[type] = .array((answers[type]?.arrayValue ?? []) + [answer.stub])
                case .server(let request):
                    if let i = requests.firstIndex(where: { $0.method == request.method && $0.url == request.url }) {
                        requests[i].given.append(answer.stub)
                    } else {
                        requests.append((request.method, request.url, [answer.stub]))
                    }
                }
            }
        }
        let network: [JSON] = requests.map { request in
            var stub: JSONObject = ["request": ["method": .string(request.method), "url": .string(request.url)]]
            if request.given.count == 1, case .string(let message)? = request.given[0]["error"] {
                stub["error"] = .string(message)
            } else {
                stub["response"] = request.given.count == 1 ? request.given[0] : .array(request.given)
            }
            return .object(stub)
        }
        var stubs = JSONObject()
        if !network.isEmpty { stubs["network"] = .array(network) }
        if !answers.isEmpty { stubs["answers"] = .object(answers.mapValues { $0.arrayValue?.count == 1 ? $0.arrayValue![0] : $0 }) }
        return .object(stubs)
    }

    /// The test file.
    package var file: JSON {
        var file: JSONObject = ["flow": .string(flow)]
        if let seed { file["seed"] = .int(Int(truncatingIfNeeded: seed)) }
        file["cases"] = .array(cases)
        return .object(file)
    }
}
