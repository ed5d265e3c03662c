import JasonJSON

/// What an action accepts and does, declared beside its handler (the idea of the seeds' JSONLib property
/// lists). The interpreter checks rendered options against it; `jasonrun help ACTION` and
/// Docs/Actions.md are made from it.
public struct ActionSpec: Sendable {
    public var summary: String
    package var options: [OptionSpec]
    /// Options not declared are accepted (an action such as `$set` takes any keys).
    package var openOptions: Bool
    /// What `$jason` is after it succeeds.
    package var returns: String
    /// When it takes the error branch.
    package var errors: String
    /// How it behaves in a terminal.
    package var terminal: String
    /// The handler's `{}` is the phone's `success(nil)`, which leaves `$jason` as `{}` where R17 would make it
    /// undefined; such a handler returns nil for "no value" itself.
    package var keepsEmptyResult: Bool
    /// It changes the JavaScript context itself (defines or forgets globals), which a snapshot of the run
    /// cannot undo: a debugger going back over it says so.
    package var changesScripts: Bool

    public init(_ summary: String, options: [OptionSpec] = [], openOptions: Bool = false,
                returns: String = "undefined (no value)", errors: String = "never", terminal: String = "",
                keepsEmptyResult: Bool = false, changesScripts: Bool = false) {
        self.summary = summary
        self.keepsEmptyResult = keepsEmptyResult
        self.changesScripts = changesScripts
        self.options = options
        self.openOptions = openOptions
        self.returns = returns
        self.errors = errors
        self.terminal = terminal
    }

    /// The options with declared defaults filled in, or the first problem: a missing required option or
    /// one of the wrong type.
    package func check(_ options: JSON?) -> Result<JSON?, OptionProblem> {
        guard !self.options.isEmpty else { return .success(options) }
        var members: JSONObject
        switch options {
        case nil, .null?: members = [:]
        case .object(let o)?: members = o
        case let other?:
            return .failure(OptionProblem(option: nil, message: "options must be an object, found \(other.kindName)"))
        }
        for option in self.options {
            guard let value = members[option.name], !value.isNull else {
                if option.required {
                    return .failure(OptionProblem(option: option.name,
                                                  message: "option '\(option.name)' is required (\(option.summary))"))
                }
                if let fallback = option.defaultValue { members[option.name] = fallback }
                continue
            }
            guard option.kind.accepts(value) else {
                return .failure(OptionProblem(option: option.name, message:
                    "option '\(option.name)' must be \(option.kind.phrase), found \(value.kindName) \(value.description.prefix(40))"))
            }
            if let range = option.range, let problem = range.problem(with: value, option: option.name) {
                return .failure(OptionProblem(option: option.name, message: problem))
            }
        }
        return .success(options == nil && members.isEmpty ? nil : .object(members))
    }
}

extension ActionSpec {
    /// The members of `options` this action does not take, each with what to say of it (the closest known
    /// name as a did-you-mean): one rule for `check`, which judges the options as written, and for a run,
    /// which judges them as rendered.
    package func unknownOptions(_ options: JSONObject, type: String) -> [(key: String, message: String, near: String?)] {
        guard !openOptions, !self.options.isEmpty else { return [] }
        var unknown: [(key: String, message: String, near: String?)] = []
        for key in options.keys where !self.options.contains(where: { $0.name == key }) {
            let names = self.options.map(\.name)
            var message = "\(type) has no option '\(key)'"
            let near = Suggestion.closest(to: key, among: names)
            if let near { message += "; did you mean '\(near)'?" }
            else { message += " (it takes " + names.map { "'\($0)'" }.joined(separator: ", ") + ")" }
            unknown.append((key, message, near))
        }
        return unknown
    }
}

package struct OptionProblem: Error, Sendable {
    /// The option at fault; nil when the options as a whole are wrong.
    package var option: String?
    package var message: String
}

/// One declared option.
public struct OptionSpec: Sendable {
    package var name: String
    package var kind: OptionKind
    package var required: Bool
    package var defaultValue: JSON?
    public var summary: String
    /// For a number: the values accepted, so that no user number reaches a conversion that would trap.
    package var range: NumberRange?

    public init(_ name: String, _ kind: OptionKind, required: Bool = false, default defaultValue: JSON? = nil,
                range: NumberRange? = nil, _ summary: String) {
        self.name = name
        self.kind = kind
        self.required = required
        self.defaultValue = defaultValue
        self.range = range
        self.summary = summary
    }
}

/// The numbers a numeric option accepts: finite, between two bounds (both included).
public struct NumberRange: Sendable, Hashable {
    package var lowest: Double
    package var highest: Double

    public init(_ bounds: ClosedRange<Double>) {
        lowest = bounds.lowerBound
        highest = bounds.upperBound
    }

    /// The value as a number, when it is one (numbers may come as numeric text).
    package static func number(_ value: JSON) -> Double? {
        switch value {
        case .int(let i): Double(i)
        case .double(let d): d
        case .string(let s): Double(s)
        default: nil
        }
    }

    package func contains(_ number: Double) -> Bool { number.isFinite && number >= lowest && number <= highest }

    /// Why `value` is out of range, or nil when it is in range (or not a number at all).
    func problem(with value: JSON, option: String) -> String? {
        guard let number = Self.number(value), !contains(number) else { return nil }
        return "option '\(option)' must be a number from \(JSNumber.format(lowest)) to \(JSNumber.format(highest)), found \(value.description.prefix(40))"
    }

    /// How `jasonrun help` shows it.
    package var phrase: String { "\(JSNumber.format(lowest))–\(JSNumber.format(highest))" }
}

/// Option types, as lenient as the phone apps were: numbers may come as numeric text, booleans as
/// "true"/"false", and text shown to the user may be any scalar.
public enum OptionKind: String, Sendable, CaseIterable {
    case string, text, number, boolean, object, array, any

    package func accepts(_ value: JSON) -> Bool {
        switch (self, value) {
        case (.any, _), (.string, .string), (.object, .object), (.array, .array): true
        case (.text, .string), (.text, .int), (.text, .double), (.text, .bool): true
        case (.number, .int), (.number, .double): true
        case (.number, .string(let s)): Double(s) != nil
        case (.boolean, .bool): true
        case (.boolean, .string(let s)): s == "true" || s == "false"
        default: false
        }
    }

    package var phrase: String {
        switch self {
        case .string: "a string"
        case .text: "text (a string or a number)"
        case .number: "a number"
        case .boolean: "true or false"
        case .object: "an object"
        case .array: "an array"
        case .any: "any value"
        }
    }
}
