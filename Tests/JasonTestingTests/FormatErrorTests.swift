import Foundation
import JasonJSON
import JasonRuntime
@testable import JasonTesting
import Testing

/// Mistakes in a test file are located diagnostics; nothing runs.
@Suite struct FormatErrorTests {
    func problem(_ text: String) -> Diagnostic? {
        do {
            _ = try TestFile.load(SourceFile(name: "bad.test.json", bytes: Array(text.utf8)), folder: "/nonexistent-folder")
            return nil
        } catch {
            return error.diagnostic
        }
    }

    static let document = #""document": {"type": "$util.toast"}"#

    @Test func anUnknownKeyGetsADidYouMean() {
        let d = problem("{\(Self.document), \"cases\": [{\"name\": \"a\",\n \"expect\": {\"printd\": []}}]}")
        #expect(d?.id == .unknownKey)
        #expect(d?.message == "unknown key \"printd\" in \"expect\"; did you mean \"printed\"?")
        #expect(d?.pointer?.description == "/cases/0/expect/printd")
        #expect(d?.location?.line == 2)
    }

    @Test func wrongTypesAreNamed() {
        #expect(problem("{\(Self.document), \"cases\": {}}")?.message == "\"cases\" must be an array, found object")
        #expect(problem("{\(Self.document), \"cases\": [{\"name\": 3}]}")?.message == "\"name\" must be a string, found number")
        #expect(problem("{\(Self.document), \"cases\": [{\"name\": \"a\", \"expect\": {\"exit\": 2}}]}")?.pointer?.description
                == "/cases/0/expect/exit")
        #expect(problem("{\(Self.document), \"cases\": [{\"name\": \"a\", \"events\": [{\"tap\": \"x\"}]}]}")?.pointer?.description
                == "/cases/0/events/0/tap")
        #expect(problem("{\(Self.document), \"cases\": [{\"name\": \"a\", \"events\": [{\"run\": \"x\", \"tap\": \"/x\"}]}]}")?.pointer?.description
                == "/cases/0/events/0")
        #expect(problem("{\(Self.document), \"cases\": [{\"name\": \"a\", \"expect\": {\"error\": {\"id\": \"action-faild\"}}}]}")?.message
                == "no diagnostic id \"action-faild\"; did you mean \"action-failed\"?")
    }

    @Test func aMissingFlowIsLocated() {
        let d = problem("{\"flow\": \"nowhere.json\", \"cases\": []}")
        #expect(d?.id == .invalidTestFile)
        #expect(d?.pointer?.description == "/flow")
        #expect(d?.message.hasPrefix("the flow nowhere.json does not exist") == true)
        #expect(problem("{\"cases\": []}")?.message.hasPrefix("a test file needs a \"flow\"") == true)
        #expect(problem("{\(Self.document)}")?.message.hasPrefix("a test file needs \"cases\"") == true)
    }

    @Test func badInlineStubsAndDuplicateNamesAreLocated() {
        #expect(problem("{\(Self.document), \"stubs\": {\"netwrk\": []}, \"cases\": []}")?.pointer?.description == "/stubs/netwrk")
        #expect(problem("{\(Self.document), \"cases\": [{\"name\": \"a\", \"answers\": {\"geo\": {}}}]}")?.pointer?.description
                == "/cases/0/answers/geo")
        #expect(problem("{\(Self.document), \"cases\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}")?.pointer?.description == "/cases/1/name")
    }

    @Test func notJSONIsLocated() {
        let d = problem("{\"cases\": [\n  }")
        #expect(d?.id == .invalidTestFile)
        #expect(d?.location?.line == 2)
    }
}
