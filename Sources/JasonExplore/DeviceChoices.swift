import JasonJSON
import JasonRuntime

/// The answers a person or a device may give an action, as an exploration follows them: what the stub
/// file lists (each answer one path) or a value shaped as the action's spec says it answers, and then
/// the way it goes wrong — a cancel for what a person is asked, a failure for what a device does.
enum DeviceChoices {
    static func alternatives(for type: String, options: JSON?, stubbed: [DeviceAnswer]) -> [Alternative] {
        // An agent runs here as it would on the phone, unless the stub file answers for it.
        if type.hasPrefix("$agent."), stubbed.isEmpty { return [] }
        var alternatives = stubbed.isEmpty ? defaults(for: type, options: options) : stubbed.map(alternative)
        let wrong: Alternative = asksAPerson.contains(type) ? alternative(.cancel) : alternative(.error(failure(type)))
        if !alternatives.contains(where: { $0.answer != nil && !$0.succeeds }) { alternatives.append(wrong) }
        return alternatives.numbered()
    }

    /// What a person answers; its way of going wrong is a cancel (a device's is a failure).
    static let asksAPerson: Set<String> = ["$util.alert", "$util.picker", "$util.datepicker", "$media.camera",
                                           "$media.picker", "$audio.record"]

    /// The payload of a failure the exploration makes up.
    static func failure(_ type: String) -> JSON {
        ["message": .string(type + " failed (one of the answers jasonrun explore tries)"), "type": .string(type)]
    }

    /// The answers when the stub file gives none: each item of a picker, an alert's form as filled in,
    /// else a value of the shape the action answers with.
    static func defaults(for type: String, options: JSON?) -> [Alternative] {
        switch type {
        case "$util.picker":
            let items = options?["items"]?.arrayValue ?? []
            return items.indices.map { i in
                let text = items[i]["text"]?.stringValue.map { " (\($0))" } ?? ""
                var choice = alternative(.value(.int(i + 1)))
                choice.label = "chooses \(i + 1)" + text
                return choice
            }
        case "$util.alert":
            var values = JSONObject()
            for field in options?["form"]?.arrayValue ?? [] {
                if let name = field["name"]?.stringValue { values[name] = .string(field["value"]?.stringValue ?? "") }
            }
            return [alternative(.value(.object(values)))]
        default:
            return [alternative(.value(samples[type] ?? .object([:])))]
        }
    }

    /// Values shaped as the specs of the device actions say they answer.
    static let samples: [String: JSON] = [
        "$geo.get": ["coord": "37.7749,-122.4194"],
        "$util.datepicker": ["value": "1767225600"],
        "$media.camera": ["file_url": "file:///explore/photo.jpg", "data_uri": "data:image/jpeg;base64,", "content_type": "image/jpeg"],
        "$media.picker": ["file_url": "file:///explore/photo.jpg", "data_uri": "data:image/jpeg;base64,", "content_type": "image/jpeg"],
        "$audio.record": ["file_url": "file:///explore/sound.m4a", "data_uri": "data:audio/m4a;base64,", "content_type": "audio/m4a"],
    ]

    /// An answer with its label and the way a stub file's `answers` writes it.
    static func alternative(_ answer: DeviceAnswer) -> Alternative {
        switch answer {
        case .value(let value): Alternative("ok", stub: ["value": value ?? .object([:])], answer: .value(value ?? .object([:])))
        case .error(let payload):
            Alternative("fails", stub: ["error": payload ?? .null], answer: answer)
        case .cancel: Alternative("cancelled", stub: ["cancel": true], answer: .cancel)
        }
    }
}

extension Alternative {
    /// Whether the answer is a success (a value), not a failure or a cancel.
    var succeeds: Bool { if case .value? = answer { true } else { false } }
}
