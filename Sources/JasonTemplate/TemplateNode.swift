import JasonJSON

/// A template compiled once: every string scanned for its `{{ }}`, every expression parsed, every key
/// classified. Rendering walks this instead of re-reading the JSON, which is what makes it fast.
indirect enum TemplateNode: Sendable {
    /// A subtree with nothing to evaluate: its result is known in advance.
    case constant(JSON)
    case string(StringTemplate)
    case array([TemplateNode])
    case conditional(Conditional)
    case object(ObjectTemplate)
}

/// A string with `{{ }}` in it. Compiled nodes are classes so that walking them costs one reference
/// count per node, not one per field.
final class StringTemplate: Sendable {
    let text: String
    /// Where the string sits in the template, for diagnostics.
    let pointer: JSONPointer
    let slots: [StringSlot]
    /// `"{{#include EXPR}}"`: the value of EXPR itself, untransformed (T12).
    let include: Include

    enum Include: Sendable {
        case none
        /// `"{{#include}}"` with nothing to evaluate: the string stays as written.
        case bare
        case expression(ParsedExpression)
    }

    struct StringSlot: Sendable {
        var variable: String
        var expression: ParsedExpression
        var offset: Int
    }

    /// The text around the slots (one more than the slots), for filling by position.
    let segments: [String]
    /// Two slots with the same text: st.js's replace-the-first-occurrence then differs from filling by
    /// position, so such strings are filled the slow, exact way.
    let repeatsVariable: Bool
    /// The whole string is one expression (st.js then gives its value, not text).
    let isWholeText: Bool

    init(_ text: String, at pointer: JSONPointer) {
        self.text = text
        self.pointer = pointer
        let found = TemplateText.slots(in: text)
        slots = found.map {
            StringSlot(variable: $0.variable, expression: ParsedExpression($0.expression), offset: $0.offset)
        }
        let bytes = Array(text.utf8)
        var start = 0
        segments = found.map { slot in
            defer { start = slot.offset + slot.variable.utf8.count }
            return String(decoding: bytes[start..<slot.offset], as: UTF8.self)
        } + [String(decoding: bytes[start...], as: UTF8.self)]
        repeatsVariable = Set(found.map(\.variable)).count < found.count
        isWholeText = TemplateText.isWholeExpression(text)
        switch TemplateText.includeString(text) {
        case nil: include = .none
        case ""?: include = .bare
        case let expression?: include = .expression(ParsedExpression(expression))
        }
    }

    /// `"{{EXPR}}"`, as st.js builds it to evaluate a directive's expression.
    static func whole(_ expression: String, at pointer: JSONPointer) -> StringTemplate {
        StringTemplate("{{" + expression + "}}", at: pointer)
    }
}

/// An object's members, classified once, in JavaScript's enumeration order.
final class ObjectTemplate: Sendable {
    enum Kind: Sendable {
        case plain(TemplateNode)
        /// `"key": "{{#? EXPR}}"`: kept only when EXPR is truthy.
        case existential(StringTemplate)
        /// `{{#each …}}`, `{{#let}}`, `{{#concat}}`, `{{#merge}}`, or another name (dropped).
        case directive(name: String, expression: StringTemplate, body: TemplateNode, parts: [TemplateNode])
        /// `"{{k}}": v`: key and value filled one level.
        case templateKey(StringTemplate, value: StringTemplate?)
        /// `{{#include …}}`: handled before the members (it sets the base).
        case include
    }

    final class Member: Sendable {
        let key: String
        let kind: Kind
        let raw: JSON

        init(key: String, kind: Kind, raw: JSON) {
            self.key = key
            self.kind = kind
            self.raw = raw
        }
    }

    let original: JSONObject
    let members: [Member]
    /// The first `{{#include …}}` key: its expression (nil for none) and the value it applies to.
    let include: (expression: ParsedExpression?, value: JSON, pointer: JSONPointer)?
    /// For an object whose members are all plain: its keys in order, so that every result can share
    /// one key table and only fill in values.
    let plainShape: JSONObject?

    init(_ object: JSONObject, at pointer: JSONPointer) {
        original = object
        members = JSOrder.members(object).map { key, value in
            Member(key: key, kind: Self.kind(key, value, at: pointer.appending(key)), raw: value)
        }
        let allPlain = members.allSatisfy { if case .plain = $0.kind { return true } else { return false } }
        plainShape = allPlain ? JSONObject(uniqueKeysWithValues: members.map { ($0.key, JSON.null) }) : nil
        if let first = members.first(where: { if case .include = $0.kind { return true } else { return false } }) {
            let expression = Directive(first.key).flatMap { $0.expression.isEmpty ? nil : ParsedExpression($0.expression) }
            include = (expression, first.raw, pointer.appending(first.key))
        } else {
            include = nil
        }
    }
}

extension TemplateNode {
    /// Compiles `json`, found at `pointer` in the template.
    init(compiling json: JSON, at pointer: JSONPointer = .root) {
        guard json.needsEvaluation else {
            var run = Transformation(evaluator: NoEvaluator.shared)
            self = .constant(run.transform(TemplateNode(structure: json, at: pointer), Scope.top(.null)) ?? .null)
            return
        }
        self.init(structure: json, at: pointer)
    }

    /// The node for `json`, compiled member by member (used directly only for constant folding).
    init(structure json: JSON, at pointer: JSONPointer) {
        switch json {
        case .string(let text):
            self = text.hasTemplateMarker && Directive.isTemplate(text)
                ? .string(StringTemplate(text, at: pointer)) : .constant(json)
        case .array(let elements):
            if let conditional = Conditional(elements, at: pointer) {
                self = .conditional(conditional)
            } else {
                self = .array(elements.enumerated().map { TemplateNode(compiling: $1, at: pointer.appending($0)) })
            }
        case .object(let members):
            self = .object(ObjectTemplate(members, at: pointer))
        case .null, .bool, .int, .double:
            self = .constant(json)
        }
    }
}

extension ObjectTemplate {
    static func kind(_ key: String, _ value: JSON, at pointer: JSONPointer) -> Kind {
        if key.hasTemplateMarker, Directive.isTemplate(key) {
            if TemplateText.isIncludeKey(key) { return .include }
            if let directive = Directive(key) {
                let parts = value.arrayValue?.enumerated().map {
                    TemplateNode(compiling: $1, at: pointer.appending($0))
                } ?? []
                return .directive(name: directive.name, expression: .whole(directive.expression, at: pointer),
                                  body: TemplateNode(compiling: value, at: pointer), parts: parts)
            }
            return .templateKey(StringTemplate(key, at: pointer),
                                value: value.stringValue.map { StringTemplate($0, at: pointer) })
        }
        if case .string(let text) = value, let directive = Directive(text), directive.name == "#?" {
            return .existential(.whole(directive.expression, at: pointer))
        }
        return .plain(TemplateNode(compiling: value, at: pointer))
    }
}

extension JSON {
    /// Whether rendering can depend on the data: a `{{`, a conditional array (its keys may be written
    /// without braces), or a `#?` value.
    var needsEvaluation: Bool {
        switch self {
        case .string(let s): s.hasTemplateMarker || Directive(s)?.name == "#?"
        case .array(let a): Conditional.isConditional(a) || a.contains { $0.needsEvaluation }
        case .object(let o): o.contains { $0.key.hasTemplateMarker || $0.value.needsEvaluation }
        case .null, .bool, .int, .double: false
        }
    }
}

/// For folding constants: nothing is ever evaluated there. One for all (a class, made once).
final class NoEvaluator: ExpressionEvaluator {
    static let shared = NoEvaluator()

    func evaluate(_ expression: String, in scope: Scope) -> Evaluation { .undefined }
}
