import JasonJSON
import JasonRuntime

/// A JSON Schema (draft 2020-12) of the document format, with each declared action's options, so a JSON
/// editor validates and completes flows without our server. Template strings (`{{ }}`) are accepted
/// wherever a value may come from data, since they are only known when rendered.
package enum DocumentSchema {
    package static func make(_ registry: ActionRegistry) -> JSON {
        let specs = registry.specs.filter { $0.type != "trigger" }
        var defs: JSONObject = [
            "document": document,
            "head": head,
            "actionPosition": [
                "description": "An action, a conditional array, a template string that renders to an action, or {} (ends the chain).",
                "anyOf": [["$ref": "#/$defs/action"], ["$ref": "#/$defs/conditional"], ["type": "string"]],
            ],
            "conditional": [
                "description": "[{\"{{#if cond}}\": action}, {\"{{#elseif cond}}\": action}, {\"{{#else}}\": action}]",
                "type": "array", "minItems": 1,
                "items": ["type": "object", "minProperties": 1, "maxProperties": 1,
                          "additionalProperties": ["$ref": "#/$defs/actionPosition"]],
            ],
            "template": ["type": "string", "pattern": "\\{\\{", "description": "A {{ }} template, rendered when the action runs."],
            "directive": ["type": "object", "minProperties": 1, "propertyNames": ["pattern": "^\\s*\\{\\{\\s*#"],
                          "description": "{\"{{#each items}}\": …}, {\"{{#let}}\": […]} and the other ST directives."],
        ]
        defs["action"] = action(specs)
        var options: JSONObject = [:]
        for (type, spec) in specs { options[type] = Self.options(spec, type: type) }
        defs["options"] = .object(options)
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Jasonette document (jasonrun)",
            "description": "A {\"$jason\": {\"head\": …, \"body\": …}} document, or a single action.",
            "anyOf": [
                ["$ref": "#/$defs/document"],
                ["$ref": "#/$defs/action", "anyOf": [["required": ["type"]], ["required": ["trigger"]]]],
            ],
            "$defs": .object(defs),
        ]
    }

    static let document: JSON = [
        "type": "object", "required": ["$jason"],
        "properties": ["$jason": [
            "type": "object",
            "properties": ["head": ["$ref": "#/$defs/head"], "body": ["description": "What the view shows."]],
        ]],
    ]

    static let head: JSON = [
        "type": "object",
        "properties": [
            "title": ["type": "string"], "description": ["type": "string"],
            "data": ["type": ["object", "null"], "description": "The view's initial data ($get before any $set)."],
            "templates": ["type": ["object", "null"], "description": "Templates for $render and $template.parse."],
            "actions": [
                "type": ["object", "null"],
                "description": "Named actions (called with trigger or $lambda) and system events ($load, $show, …).",
                "additionalProperties": ["$ref": "#/$defs/actionPosition"],
            ],
        ],
    ]

    static func action(_ specs: [(type: String, spec: ActionSpec)]) -> JSON {
        let types: [JSON] = specs.map { .string($0.type) }
        let rules: [JSON] = specs.map { type, spec in
            ["if": ["properties": ["type": ["const": .string(type)]], "required": ["type"]],
             "then": ["properties": ["options": ["$ref": .string("#/$defs/options/" + JSONPointer.escape(type))]]]]
        }
        return [
            "type": "object",
            "properties": [
                "type": ["description": "The action to run, such as $util.alert.",
                         "anyOf": [["enum": .array(types)], ["type": "string"]]],
                "trigger": ["type": "string", "description": "Calls head.actions[name]; sugar for $lambda."],
                "options": ["description": "The action's options, rendered with {{ }} just before it runs."],
                "success": ["$ref": "#/$defs/actionPosition", "description": "Runs after success, with the result as $jason."],
                "error": ["$ref": "#/$defs/actionPosition", "description": "Runs after a failure, with {message, …} as $jason."],
            ],
            "allOf": .array(rules),
        ]
    }

    /// One action's options: an object of the declared options (or a template rendering to one).
    static func options(_ spec: ActionSpec, type: String) -> JSON {
        var properties: JSONObject = [:]
        for option in spec.options {
            var entry = kind(option.kind).objectValue ?? [:]
            entry["description"] = .string(option.summary)
            if let fallback = option.defaultValue { entry["default"] = fallback }
            properties[option.name] = .object(entry)
        }
        var object: JSONObject = ["type": "object", "properties": .object(properties)]
        // `$href` to a host screen (`"view": "Payment"`) has no URL, so the URL is not required here.
        let required = spec.options.filter { $0.required && !(["$href", "$visit"].contains(type) && $0.name == "url") }
            .map { JSON.string($0.name) }
        if !required.isEmpty { object["required"] = .array(required) }
        if !spec.openOptions, !spec.options.isEmpty {
            // Keys that are directives ({{#each …}}) are only known after rendering.
            object["patternProperties"] = ["\\{\\{": [:]]
            object["additionalProperties"] = false
        }
        return ["description": .string(spec.summary),
                "anyOf": [.object(object), ["$ref": "#/$defs/template"], ["type": "null"]]]
    }

    /// An option's value: the declared kind, or what renders to it (a template string, a conditional
    /// array, an object of directives such as `{"{{#each items}}": …}`).
    static func kind(_ kind: OptionKind) -> JSON {
        let rendered: [JSON] = [["$ref": "#/$defs/template"], ["$ref": "#/$defs/conditional"], ["$ref": "#/$defs/directive"]]
        let base: JSON
        switch kind {
        case .string: base = ["type": "string"]
        case .text: base = ["type": ["string", "number", "boolean"]]
        case .number: base = ["type": ["number", "string"]]
        case .boolean: base = ["anyOf": [["type": "boolean"], ["enum": ["true", "false"]]]]
        case .object: base = ["type": "object"]
        case .array: base = ["type": "array"]
        case .any: return [:]
        }
        return ["anyOf": .array([base] + rendered)]
    }
}
