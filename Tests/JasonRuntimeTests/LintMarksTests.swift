import JasonJSON
@testable import JasonRuntime
import Testing

/// The lint walks only the containers the parser saw a `{` or a `#` in: it must find all it found when it
/// walked everything, wherever the mistake sits and however it is written.
@Suite struct LintMarksTests {
    /// Many plain records, and two mistakes among them: an unclosed template (written with `\u` escapes)
    /// in one record, a misspelt branch in another's conditional.
    static let text: String = {
        var records = (0..<500).map { #"{"id": \#($0), "name": "item \#($0)", "tags": ["a", "b"], "owner": {"age": \#($0)}}"# }
        records[123] = #"{"id": 123, "deep": {"note": ["ok", "\u007b\u007b$get.x"]}}"#
        records[321] = #"{"id": 321, "pick": [{"{{#if $get.a}}": 1}, {"{{#elseiff $get.b}}": 2}]}"#
        return #"{"$jason": {"head": {"data": {"items": ["# + records.joined(separator: ", ") + #"]},"#
            + #""actions": {"$load": {"type": "$util.toast", "options": {"text": "{{$get.items.length}}"}}}}}}"#
    }()

    static func load(_ text: String) throws -> Document {
        try Document.load(SourceFile(name: "marks.json", bytes: Array(text.utf8)))
    }

    static func findings(_ document: Document) -> [String] {
        document.lint().map { "\($0.id.rawValue) \($0.pointer?.description ?? "")" }
    }

    @Test func findsWhatTheWholeWalkFinds() throws {
        let document = try Self.load(Self.text)
        #expect(document.marks?.covers(document.root) == true)
        var unmarked = document
        unmarked.marks = nil
        let found = Self.findings(document)
        #expect(found == Self.findings(unmarked))
        #expect(found.contains("unclosed-template /$jason/head/data/items/123/deep/note/1"))
        #expect(found.contains { $0.hasPrefix("conditional-shape /$jason/head/data/items/321/pick") })
    }

    @Test func plainPartsAreNotEntered() throws {
        let document = try Self.load(Self.text)
        let marks = try #require(document.marks)
        let items = try #require(document.data["items"]?.arrayValue)
        #expect(marks.mayHoldMarks(items[0]) == false)
        #expect(marks.mayHoldMarks(items[0]["owner"]!) == false)
        #expect(marks.mayHoldMarks(items[123]) == true)
        #expect(marks.mayHoldMarks(items[321]) == true)
        #expect(marks.mayHoldMarks(document.data["items"]!) == true)
    }

    /// A changed tree drops the marks (they name storage, which a change in place keeps): the lint walks
    /// it whole, finding what the change brought in.
    @Test func aChangedTreeIsWalkedWhole() throws {
        var document = try Self.load(Self.text)
        guard case .object(var top) = document.root, case .object(var jason)? = top["$jason"],
              case .object(var head)? = jason["head"], case .object(var data)? = head["data"],
              case .array(var items)? = data["items"], case .object(var first) = items[0] else {
            Issue.record("unexpected shape")
            return
        }
        first["name"] = "{{ never closed"
        items[0] = .object(first)
        data["items"] = .array(items)
        head["data"] = .object(data)
        jason["head"] = .object(head)
        top["$jason"] = .object(jason)
        document.root = .object(top)
        #expect(document.marks == nil)
        #expect(Self.findings(document).contains("unclosed-template /$jason/head/data/items/0/name"))
    }
}
