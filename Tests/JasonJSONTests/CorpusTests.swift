import Foundation
import JasonJSON
import TestSupport
import Testing

/// The shared corpus: real documents must parse; the almost-JSON ones must fail where we wrote down.
@Suite struct CorpusTests {
    static let documents = Paths.shared("corpus/documents") + Paths.shared("corpus/derived")
    static let invalid = Paths.shared("corpus/invalid")

    @Test func corpusIsThere() {
        #expect(Self.documents.count >= 100)
        #expect(Self.invalid.count == 16)
    }

    @Test(arguments: documents)
    func everyCorpusDocumentParses(file: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: file))
        let parsed = try JSONParser.parseDocument(SourceFile(name: file.lastPathComponent, bytes: bytes))
        // Printing and parsing again gives the same value.
        #expect(try JSONParser.parse(JSONPrinter.compact(parsed.value)) == parsed.value)
    }

    struct Expected: Sendable {
        var line: Int
        var column: Int
        var expected: String
    }

    static let expectations: [String: Expected] = {
        guard let data = try? Data(contentsOf: Paths.fixtures("JasonJSONTests").appendingPathComponent("invalid-positions.json")),
              case .object(let members)? = try? JSONParser.parse(String(decoding: data, as: UTF8.self))
        else { return [:] }
        return members.reduce(into: [:]) { out, member in
            if case .int(let line)? = member.value["line"], case .int(let column)? = member.value["column"],
               case .string(let expected)? = member.value["expected"] {
                out[member.key] = Expected(line: line, column: column, expected: expected)
            }
        }
    }()

    @Test(arguments: invalid)
    func everyInvalidFileFailsAtTheRecordedPosition(file: URL) throws {
        let expected = try #require(Self.expectations[file.lastPathComponent], "no expected position recorded")
        let bytes = try [UInt8](Data(contentsOf: file))
        do {
            _ = try JSONParser.parseDocument(SourceFile(name: file.lastPathComponent, bytes: bytes))
            Issue.record("\(file.lastPathComponent) parsed")
        } catch {
            #expect(error.location == SourceLocation(line: expected.line, column: expected.column))
            #expect(error.message.hasPrefix(expected.expected))
        }
    }
}
