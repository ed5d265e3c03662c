import Foundation
import JasonJSON
import JasonScript
@testable import JasonTemplate
import TestSupport
import Testing

/// Every `{{ }}` expression in the shared corpus that the Swift fast path answers must give exactly what
/// JavaScriptCore gives, over data where the path resolves, stops short, hits null, or is missing.
@Suite(.serialized) struct FastPathEquivalenceTests {
    static let expressions: [String] = {
        var found = Set<String>()
        for file in Paths.shared("corpus/documents") + Paths.shared("corpus/derived") {
            guard let data = try? Data(contentsOf: file),
                  let json = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else { continue }
            collect(json, into: &found)
        }
        return found.sorted()
    }()

    static func collect(_ node: JSON, into found: inout Set<String>) {
        func strings(_ text: String) {
            for slot in TemplateText.slots(in: text) {
                var expression = String(slot.expression)
                if let directive = Directive("{{" + expression + "}}") { expression = directive.expression }
                if !expression.isEmpty { found.insert(expression) }
            }
        }
        switch node {
        case .string(let s): strings(s)
        case .array(let a): a.forEach { collect($0, into: &found) }
        case .object(let o): for (k, v) in o { strings(k); collect(v, into: &found) }
        default: break
        }
    }

    static let engine = ScriptEngine()

    @Test func theCorpusHasManyPlainPaths() {
        let plain = Self.expressions.filter { PathExpression($0) != nil }
        #expect(plain.count > 150)
    }

    @Test(arguments: expressions.filter { PathExpression($0) != nil })
    func fastPathAgreesWithJavaScriptCore(expression: String) throws {
        let path = try #require(PathExpression(expression))
        let fast = PathEvaluator()
        let script = ScriptEvaluator(engine: Self.engine)
        for (data, index) in Self.dataVariants(for: path) {
            let scope = index == nil ? Scope.top(data) : Scope(this: data, root: ["$get": [:]], index: index)
            guard let answer = PathEvaluator.evaluate(path, in: scope) else { continue }
            let reference = script.evaluate(expression, in: scope)
            #expect(answer == reference, "data: \(data)")
            #expect(fast.evaluate(expression, in: scope) == answer)
        }
    }

    /// Paths walked where their values lie (`Scope.memberPath`) answer as the general walk does, through
    /// objects small enough to scan and objects past that, and where a name is not the data's own.
    @Test func pathsThroughLargeAndSmallObjectsAgreeWithJavaScriptCore() throws {
        var wide: JSONObject = [:]
        for i in 0..<(JSONObject.scannedMembers + 8) { wide["k\(i)"] = .int(i) }
        wide["last"] = ["n": 7]
        let data: JSON = ["$get": ["n": 1, "wide": .object(wide)], "wide": .object(wide), "$index": 5, "$root": 9]
        let script = ScriptEvaluator(engine: Self.engine)
        let expressions = ["$get.n", "$get.wide.last.n", "$get.wide.k3", "$get.wide.nothing", "wide.k39", "wide.last",
                           "$get.missing.n", "$index", "$root.$get.n"]
        for expression in expressions {
            let path = try #require(PathExpression(expression))
            for scope in [Scope.top(data), Scope(this: data, root: data, index: 2)] {
                guard let answer = PathEvaluator.evaluate(path, in: scope) else { continue }
                #expect(answer == script.evaluate(expression, in: scope), "\(expression)")
            }
        }
        #expect(PathEvaluator.evaluate(try #require(PathExpression("$get.wide.k39")), in: Scope.top(data)) == .value(39))
        #expect(PathEvaluator.evaluate(try #require(PathExpression("$index")), in: Scope(this: data, root: data, index: 2))
            == .value(2))
    }

    /// Data in which the path resolves to several kinds of value, stops one step short, meets null, or
    /// does not exist; at the top level and as a loop item.
    static func dataVariants(for path: PathExpression) -> [(JSON, Int?)] {
        let base: JSONObject = ["$get": [:], "$params": [:], "$cache": [:], "$global": [:], "$env": ["app": ["version": "1"]]]
        guard case .path(let head, let steps) = path else { return [(.object(base), nil)] }
        func build(_ leaf: JSON, _ steps: ArraySlice<PathExpression.Step>) -> JSON {
            guard let step = steps.first else { return leaf }
            let inner = build(leaf, steps.dropFirst())
            switch step.access {
            case .member(let name): return .object([name: inner])
            case .index(let i): return .array(Array(repeating: JSON.null, count: i) + [inner])
            }
        }
        var variants: [(JSON, Int?)] = [(.object(base), nil)]
        let leaves: [JSON] = ["v", 0, "", nil, [1, 2], ["k": "v"], true, 2.5]
        for leaf in leaves {
            var data = base
            if head == "this" {
                if case .object(let members) = build(leaf, steps[...]) { for (k, v) in members { data[k] = v } }
            } else {
                data[head] = build(leaf, steps[...])
            }
            variants.append((.object(data), nil))
            variants.append((.object(data), 3))
        }
        if steps.count >= 1 {
            var short = base
            short[head == "this" ? "x" : head] = build([:], steps.dropLast())
            variants.append((.object(short), nil))
            var nullMiddle = base
            nullMiddle[head == "this" ? "x" : head] = build(nil, steps.dropLast())
            variants.append((.object(nullMiddle), nil))
        }
        return variants
    }
}
