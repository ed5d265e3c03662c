import Foundation
import JasonJSON
import JasonScript
import JasonTemplate
import TestSupport
import Testing

/// The 138 cases from st.js's own test suite (`../shared/conformance/st-transform-cases.json`), each
/// mapped onto our API and compared after sorting object keys.
@Suite(.serialized) struct ConformanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var number: Int
        var name: String
        var fn: String
        var args: [JSON]
        var expected: JSON
        var testDescription: String { "#\(number) \(name)" }
    }

    static let cases: [Case] = {
        let file = Paths.shared.appendingPathComponent("conformance/st-transform-cases.json")
        guard let data = try? Data(contentsOf: file),
              case .array(let all)? = (try? JSONParser.parse(String(decoding: data, as: UTF8.self)))?["cases"]
        else { return [] }
        return all.enumerated().map { i, c in
            Case(number: i, name: c["name"]?.stringValue ?? "", fn: c["fn"]?.stringValue ?? "",
                 args: c["args"]?.arrayValue ?? [], expected: c["expected"] ?? .null)
        }
    }()

    /// Cases we knowingly do not reproduce, by number, with the reason. The test fails if one of them
    /// starts passing, so this list can only shrink.
    static let knownDifferences: [Int: (name: String, reason: String)] = [:]

    /// One engine for all cases, as st.js ran them in one JavaScript context (so the cases run one by one).
    static let transformer = Transformer(evaluator: PathEvaluator.withScriptEngine(ScriptEngine()))

    @Test func allCasesAreThere() { #expect(Self.cases.count == 138) }

    @Test(arguments: cases)
    func conformanceCase(_ c: Case) throws {
        let actual = try Self.call(c)
        if let known = Self.knownDifferences[c.number] {
            #expect(c.name == known.name)
            #expect(Self.sorted(actual) != Self.sorted(c.expected), "listed as a known difference (\(known.reason)) but passes")
        } else {
            #expect(Self.sorted(actual) == Self.sorted(c.expected))
        }
    }

    static func call(_ c: Case) throws -> JSON {
        let t = transformer
        switch c.fn {
        case "TRANSFORM.transform" where c.args.count == 4 && c.args[3] == true:
            // `serialized`: template and data come as JSON text (kept as strings when they do not parse),
            // and the result goes back as JSON text.
            let parse = { (v: JSON) in v.stringValue.flatMap { try? JSONParser.parse($0) } ?? v }
            return .string(JSONPrinter.compact(t.transform(parse(c.args[0]), data: parse(c.args[1])).value ?? .null))
        case "TRANSFORM.transform": return t.transform(c.args[0], data: c.args[1]).value ?? .null
        case "TRANSFORM.run": return t.run(c.args[0], data: c.args[1]).value ?? .null
        case "TRANSFORM.fillout":
            guard case .string(let text) = c.args[1] else { return c.args[1] } // st.js returns non-strings as they are
            return t.fill(text, data: c.args[0]).value ?? .null
        case "Conditional.run":
            guard case .array(let branches) = c.args[0], Conditional(branches) != nil else { return .null }
            return t.run(c.args[0], data: c.args[1]).value ?? .null
        case "Conditional.is":
            guard case .array(let elements) = c.args[0] else { return false }
            return .bool(Conditional(elements) != nil)
        default:
            throw UnknownFunction(name: c.fn)
        }
    }

    struct UnknownFunction: Error { var name: String }

    static func sorted(_ value: JSON) -> JSON {
        switch value {
        case .object(let o):
            .object(JSONObject(uniqueKeysWithValues: o.sorted { $0.key < $1.key }.map { ($0.key, sorted($0.value)) }))
        case .array(let a): .array(a.map(sorted))
        default: value
        }
    }
}
