import JasonJSON
import JasonRuntime

/// One expectation that did not hold, located at where the test file writes it.
package struct Failure: Sendable {
    package var message: String
    /// The expectation in the test file (`/cases/0/expect/printed/1`).
    package var pointer: JSONPointer
    package var expected: String?
    package var actual: String?

    package init(_ message: String, at pointer: JSONPointer, expected: String? = nil, actual: String? = nil) {
        self.message = message
        self.pointer = pointer
        self.expected = expected
        self.actual = actual
    }
}

/// A case's outcome.
package struct CaseResult: Sendable {
    package var name: String
    package var pointer: JSONPointer
    package var run: CaseRun
    package var failures: [Failure]
    package var passed: Bool { failures.isEmpty }
}

/// Checks what a case did against what it expects. Every written expectation is checked, so one run
/// reports all that differ.
package enum Verdict {
    package static func check(_ expect: Expectations, against run: CaseRun) -> [Failure] {
        var failures: [Failure] = run.stopped.map { [$0] } ?? []
        let at = expect.pointer
        if let printed = expect.printed {
            failures += lines(printed, in: run.printed, at: at.appending("printed"), stream: "printed")
        }
        if let logged = expect.logged {
            failures += lines(logged, in: run.logged, at: at.appending("logged"), stream: "logged")
        }
        for (key, expected, actual) in [("get", expect.get, run.get), ("global", expect.global, run.global),
                                        ("cache", expect.cache, run.cache)] {
            guard let expected else { continue }
            if let difference = Subset.difference(expected, in: .object(actual)) {
                failures.append(Failure("$\(key) differs at \(difference.isEmpty ? "/" : difference)", at: at.appending(key),
                                        expected: JSONPrinter.pretty(expected), actual: JSONPrinter.pretty(.object(actual))))
            }
        }
        if let expected = expect.rendered {
            if let body = run.rendered {
                if let difference = Subset.difference(expected, in: body) {
                    failures.append(Failure("the rendered body differs at \(difference.isEmpty ? "/" : difference)",
                                            at: at.appending("rendered"), expected: JSONPrinter.pretty(expected),
                                            actual: JSONPrinter.pretty(body)))
                }
            } else {
                failures.append(Failure("nothing was rendered", at: at.appending("rendered"),
                                        expected: JSONPrinter.pretty(expected), actual: "(no body)"))
            }
        }
        if let exit = expect.exit, exit != run.exit {
            let why = run.firstError.map { " (\($0.message))" } ?? ""
            failures.append(Failure("the run ended with exit \(run.exit)\(why)", at: at.appending("exit"),
                                    expected: String(exit), actual: String(run.exit)))
        }
        if let error = expect.error { failures += check(error, run.firstError, at: at.appending("error")) }
        if let visited = expect.visited {
            let actual = run.visits.map { $0.path.pointer.description }
            if actual != visited {
                let index = zip(visited, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(visited.count, actual.count)
                failures.append(Failure("the actions performed differ from action \(index + 1) on",
                                        at: index < visited.count ? at.appending("visited").appending(index) : at.appending("visited"),
                                        expected: visited.joined(separator: "\n"), actual: actual.joined(separator: "\n")))
            }
        }
        return failures
    }

    /// Each expected text must be part of a printed line, in order; other lines may come between.
    static func lines(_ expected: [String], in actual: [String], at: JSONPointer, stream: String) -> [Failure] {
        var next = 0
        for (i, text) in expected.enumerated() {
            guard let found = actual[next...].firstIndex(where: { $0.contains(text) }) else {
                let earlier = actual[..<next].contains { $0.contains(text) }
                return [Failure(earlier ? "\"\(text)\" was \(stream), but before the line expected ahead of it"
                                        : "no \(stream) line contains \"\(text)\"",
                                at: at.appending(i), expected: expected.joined(separator: "\n"),
                                actual: actual.isEmpty ? "(nothing)" : actual.joined(separator: "\n"))]
            }
            next = found + 1
        }
        return []
    }

    static func check(_ expected: ErrorExpectation, _ actual: Diagnostic?, at: JSONPointer) -> [Failure] {
        guard let actual else {
            return [Failure("no chain ended on an unhandled error", at: at,
                            expected: expected.pointer ?? expected.message ?? "an error", actual: "(none)")]
        }
        var failures: [Failure] = []
        let pointer = actual.pointer?.description ?? ""
        if let wanted = expected.pointer, wanted != pointer {
            failures.append(Failure("the error came from another action", at: at.appending("pointer"),
                                    expected: wanted, actual: pointer.isEmpty ? "(no pointer)" : pointer))
        }
        if let wanted = expected.message, !actual.message.contains(wanted) {
            failures.append(Failure("the error's message does not contain \"\(wanted)\"", at: at.appending("message"),
                                    expected: wanted, actual: actual.message))
        }
        if let wanted = expected.id, wanted != actual.id.rawValue {
            failures.append(Failure("the error has another id", at: at.appending("id"), expected: wanted,
                                    actual: actual.id.rawValue))
        }
        return failures
    }
}

/// "A subset of": objects may have more members than expected, arrays must have the expected length
/// with each element a subset in turn, and numbers compare by value (1 matches 1.0).
package enum Subset {
    /// Nil when `expected` is a subset of `actual`; else the pointer of the first difference.
    package static func difference(_ expected: JSON, in actual: JSON, at pointer: JSONPointer = .root) -> String? {
        switch (expected, actual) {
        case (.object(let wanted), .object(let have)):
            for (key, value) in wanted {
                guard let other = have[key] else { return pointer.appending(key).description }
                if let found = difference(value, in: other, at: pointer.appending(key)) { return found }
            }
            return nil
        case (.array(let wanted), .array(let have)):
            guard wanted.count == have.count else { return pointer.description }
            for (i, pair) in zip(wanted, have).enumerated() {
                if let found = difference(pair.0, in: pair.1, at: pointer.appending(i)) { return found }
            }
            return nil
        default:
            if let a = expected.doubleValue, let b = actual.doubleValue { return a == b ? nil : pointer.description }
            return expected == actual ? nil : pointer.description
        }
    }
}
