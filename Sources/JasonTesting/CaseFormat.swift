import JasonActions
import JasonJSON
import JasonRuntime

extension FormatReader {
    mutating func testCase(_ json: JSON, _ at: JSONPointer, limits fileLimits: CaseLimits, folder: String) throws(Diagnostic)
        -> TestCase
    {
        let members = try object(json, at, known: Self.caseKeys, what: "a case")
        guard let nameJSON = members["name"] else { throw fail("each case needs a \"name\"", at) }
        let name = try string(nameJSON, at.appending("name"), what: "\"name\"")
        var limits = fileLimits
        if let n = members["maxSteps"] { limits.maxSteps = try count(n, at.appending("maxSteps"), what: "\"maxSteps\"") }
        if let t = members["timeLimit"] { limits.timeLimit = try seconds(t, at.appending("timeLimit"), what: "\"timeLimit\"") }
        if let n = members["seed"] { limits.seed = try seed(n, at.appending("seed")) }
        var answers: [String: [DeviceAnswer]] = [:]
        if let a = members["answers"] {
            answers = try StubFile.parseAnswers(a, at: at.appending("answers")) { message, pointer in
                Diagnostic(.invalidTestFile, .error, message, at: locator.path(pointer))
            }
        }
        var events: [Event] = []
        if let e = members["events"] {
            guard case .array(let items) = e else {
                throw fail("\"events\" must be an array, found \(e.kindName)", at.appending("events"))
            }
            for (i, item) in items.enumerated() { events.append(try event(item, at.appending("events").appending(i))) }
        }
        let expect = try expectations(members["expect"], at.appending("expect"))
        let stubs = try self.stubs(members["stubs"], at: at.appending("stubs"), folder: folder)?.0
        return TestCase(
            name: name, pointer: at, jason: members["jason"],
            params: try members["params"].map { j throws(Diagnostic) in try objectValue(j, at.appending("params"), what: "\"params\"") },
            global: try members["global"].map { j throws(Diagnostic) in try objectValue(j, at.appending("global"), what: "\"global\"") },
            stubs: stubs, answers: answers, events: events, expect: expect, limits: limits)
    }

    /// One event: exactly one of run/trigger, tap, input, advance, action (with its companion key).
    func event(_ json: JSON, _ at: JSONPointer) throws(Diagnostic) -> Event {
        let members = try object(json, at, known: Self.eventKeys, what: "an event")
        let verbs = ["run", "trigger", "tap", "input", "advance", "action"].filter { members[$0] != nil }
        guard verbs.count == 1, let verb = verbs.first else {
            throw fail("an event is one of {\"run\": NAME}, {\"trigger\": NAME, \"jason\": …}, {\"tap\": POINTER}, "
                       + "{\"input\": NAME, \"value\": …}, {\"advance\": SECONDS}, {\"action\": {…}}", at)
        }
        let value = members[verb]!
        let valueAt = at.appending(verb)
        if members["value"] != nil, verb != "input" { throw fail("\"value\" goes with \"input\"", at.appending("value")) }
        if members["jason"] != nil, verb != "run", verb != "trigger" {
            throw fail("\"jason\" goes with \"run\" or \"trigger\"", at.appending("jason"))
        }
        switch verb {
        case "run", "trigger":
            return Event(kind: .run(try string(value, valueAt, what: "\"\(verb)\""), jason: members["jason"]), pointer: at)
        case "tap":
            let text = try string(value, valueAt, what: "\"tap\"")
            guard text.hasPrefix("/") else {
                throw fail("\"tap\" takes the JSON pointer of a body item, as in \"/$jason/body/sections/0/items/1\"", valueAt)
            }
            return Event(kind: .tap(JSONPointer(text)), pointer: at)
        case "input":
            guard let field = members["value"] else { throw fail("\"input\" needs the field's \"value\"", at) }
            return Event(kind: .input(try string(value, valueAt, what: "\"input\""), field), pointer: at)
        case "advance":
            return Event(kind: .advance(try seconds(value, valueAt, what: "\"advance\"")), pointer: at)
        default:
            guard case .object = value else { throw fail("\"action\" must be an action object, found \(value.kindName)", valueAt) }
            return Event(kind: .action(value), pointer: at)
        }
    }

    func expectations(_ json: JSON?, _ at: JSONPointer) throws(Diagnostic) -> Expectations {
        var expect = Expectations(pointer: at)
        guard let json else { return expect }
        let members = try object(json, at, known: Self.expectKeys, what: "\"expect\"")
        if let v = members["printed"] { expect.printed = try strings(v, at.appending("printed"), what: "\"printed\"") }
        if let v = members["logged"] { expect.logged = try strings(v, at.appending("logged"), what: "\"logged\"") }
        if let v = members["visited"] { expect.visited = try strings(v, at.appending("visited"), what: "\"visited\"") }
        for key in ["get", "global", "cache"] {
            guard let v = members[key] else { continue }
            _ = try objectValue(v, at.appending(key), what: "\"\(key)\"")
            switch key {
            case "get": expect.get = v
            case "global": expect.global = v
            default: expect.cache = v
            }
        }
        expect.rendered = members["rendered"]
        if let v = members["exit"] {
            guard case .int(let code) = v, code == 0 || code == 1 else {
                throw fail("\"exit\" is 0 (every chain ended well) or 1 (one ended on an unhandled error)", at.appending("exit"))
            }
            expect.exit = code
        }
        if let v = members["error"] { expect.error = try errorExpectation(v, at.appending("error")) }
        return expect
    }

    func errorExpectation(_ json: JSON, _ at: JSONPointer) throws(Diagnostic) -> ErrorExpectation {
        if case .string(let pointer) = json { return ErrorExpectation(pointer: pointer) }
        let members = try object(json, at, known: Self.errorKeys, what: "\"error\"")
        var expected = ErrorExpectation()
        if let v = members["pointer"] { expected.pointer = try string(v, at.appending("pointer"), what: "\"pointer\"") }
        if let v = members["message"] { expected.message = try string(v, at.appending("message"), what: "\"message\"") }
        if let v = members["id"] {
            let id = try string(v, at.appending("id"), what: "\"id\"")
            guard Diagnostic.ID(rawValue: id) != nil else {
                var message = "no diagnostic id \"\(id)\""
                if let near = Suggestion.closest(to: id, among: Diagnostic.ID.allCases.map(\.rawValue)) {
                    message += "; did you mean \"\(near)\"?"
                }
                throw fail(message, at.appending("id"))
            }
            expected.id = id
        }
        return expected
    }
}
