import JasonJSON
import JasonDebugger
import JasonREPL
import JasonRuntime

/// `stackTrace`, `scopes`, `variables` and `evaluate`: what the paused program holds, frame by frame.
extension DebugAdapter {
    /// Frame ids are 1 + the frame's index (0 the innermost); they hold while the program stays paused.
    func stackTrace(_ request: DAPRequest) {
        let frames = debugger?.frames ?? []
        var start = 0
        if case .int(let first)? = request.arguments["startFrame"] { start = max(0, min(first, frames.count)) }
        var end = frames.count
        if case .int(let levels)? = request.arguments["levels"], levels > 0 { end = min(frames.count, start + levels) }
        let shown: [JSON] = (start..<end).map { index in
            let frame = frames[index]
            var item: JSONObject = ["id": .int(index + 1), "name": .string("\(frame.name): \(frame.action)"),
                                    "line": 0, "column": 0]
            // At the line of its `type` (or `trigger`), where a breakpoint on the action is set.
            let keyLocation = frame.path.location(ofKey: "type") ?? frame.path.location(ofKey: "trigger")
            if let location = keyLocation ?? frame.path.location, let file = frame.path.file {
                item["line"] = .int(linesStartAt1 ? location.line : location.line - 1)
                item["column"] = .int(columnsStartAt1 ? location.column : location.column - 1)
                item["source"] = sourceJSON(file)
            } else {
                item["presentationHint"] = "label"
            }
            return .object(item)
        }
        channel.respond(to: request, body: ["stackFrames": .array(shown), "totalFrames": .int(frames.count)])
    }

    /// The frame's own `$jason` (and, for the paused action, its rendered options); the variables every
    /// frame shares; the view's `head.data`.
    func scopes(_ request: DAPRequest) {
        guard let debugger, let frame = frame(request.arguments["frameId"], in: debugger) else {
            return channel.fail(request, "no such frame: the program is not paused there", message: "noFrame")
        }
        var local: [(name: String, value: JSON?)] = [("$jason", frame.frame.jason)]
        if frame.index == 0, case .paused(let step, _) = debugger.session.state, let options = step.options {
            local.append(("options", options))
        }
        let interpreter = debugger.run
        let data = interpreter.templateData(jason: nil)
        let session = interpreter.session
        let shared: [(name: String, value: JSON?)] = ["$get", "$global", "$cache"].map { ($0, data[$0]) }
            + [("$session", .object(session)), ("$params", data["$params"])]
        let view = (data.objectValue ?? [:]).filter { !$0.key.hasPrefix("$") }.map { (name: $0.key, value: Optional($0.value)) }
        let scopes: [JSON] = [
            ["name": .string("Frame #\(frame.index) (\(frame.frame.name))"), "presentationHint": "locals",
             "variablesReference": .int(variables.scope(local)), "expensive": false],
            ["name": "Variables", "variablesReference": .int(variables.scope(shared)), "expensive": false],
            ["name": "head.data", "variablesReference": .int(variables.scope(view)), "expensive": false],
        ]
        channel.respond(to: request, body: ["scopes": .array(scopes)])
    }

    func variables(_ request: DAPRequest) {
        guard case .int(let reference)? = request.arguments["variablesReference"],
              let children = variables.children(of: reference) else {
            return channel.fail(request, "no such variables reference (references last while the program stays paused)",
                                message: "noReference")
        }
        var shown = children[...]
        if case .int(let start)? = request.arguments["start"] { shown = shown.dropFirst(max(0, start)) }
        if case .int(let count)? = request.arguments["count"], count > 0 { shown = shown.prefix(count) }
        let parent = variables.paths[reference]
        let items = shown.map { variables.variable($0.name, $0.value, parent: parent) }
        channel.respond(to: request, body: ["variables": .array(items)])
    }

    /// An expression (`{{ }}` optional) against the frame's `$jason`; in the debug console, a REPL command
    /// (`print`, `vars`, `info breakpoints`, `set $get.x = 3`, `list`…) prints its answer as the result.
    func evaluate(_ request: DAPRequest) async {
        guard let debugger, let console else { return channel.fail(request, "no program is launched", message: "notLaunched") }
        let text = request.arguments["expression"]?.stringValue ?? ""
        let context = request.arguments["context"]?.stringValue ?? "repl"
        let selected = frame(request.arguments["frameId"], in: debugger)
        let word = String(text.prefix { !$0.isWhitespace })
        if context == "repl", !text.hasPrefix("{{"), text.hasPrefix("{") || REPL.isCommand(word) {
            guard !text.hasPrefix("{"), !REPL.movesProgram(word) else {
                return channel.fail(request, "'\(word)' moves the program: use the debugger's continue, step and step back",
                                    message: "notHere")
            }
            if let selected { debugger.session.selectedFrame = selected.index }
            let output = await channel.capturing { await console.runLine(text) }
            var result = output
            while result.hasSuffix("\n") { result.removeLast() }
            return channel.respond(to: request, body: ["result": .string(result), "variablesReference": 0])
        }
        let jason = selected.map(\.frame.jason) ?? debugger.result
        let evaluated = debugger.evaluate(text, jason: jason)
        if let error = evaluated.error {
            return channel.fail(request, "{{\(Evaluation.unwrap(text))}} threw: \(error)", message: "evaluationFailed")
        }
        channel.respond(to: request, body: [
            "result": .string(VariableTable.preview(evaluated.value, limit: 4000)),
            "type": .string(evaluated.value?.kindName ?? "undefined"),
            "variablesReference": .int(variables.reference(for: evaluated.value)),
        ])
    }

    /// The frame a `frameId` names (the selected one when none is given), while paused.
    func frame(_ id: JSON?, in debugger: Debugger) -> (index: Int, frame: CallFrame)? {
        let frames = debugger.frames
        guard !frames.isEmpty else { return nil }
        var index = min(debugger.session.selectedFrame, frames.count - 1)
        if case .int(let given)? = id { index = given - 1 }
        guard frames.indices.contains(index) else { return nil }
        return (index, frames[index])
    }
}

/// `setVariable` and `restart`.
extension DebugAdapter {
    /// A member of `$get`, `$global` or `$cache` (at any depth) set from the variables view, as the debug
    /// console's `set $get.x = VALUE` sets it (JSON, or `{{ }}` evaluated), through the debugger.
    func setVariable(_ request: DAPRequest) async {
        guard let console else { return channel.fail(request, "no program is launched", message: "notLaunched") }
        guard case .int(let reference)? = request.arguments["variablesReference"], let parent = variables.paths[reference],
              let name = request.arguments["name"]?.stringValue, let value = request.arguments["value"]?.stringValue else {
            return channel.fail(request, "only the members of $get, $global and $cache can be set", message: "notSettable")
        }
        let output = await channel.capturing { await console.runLine("set \(parent).\(name) = \(value)") }
        guard !output.hasPrefix("error:") else {
            var message = String(output.dropFirst("error: ".count))
            while message.hasSuffix("\n") { message.removeLast() }
            return channel.fail(request, message, message: "setFailed")
        }
        // `PATH = JSON` is the first line the REPL answers with.
        let line = output.split(separator: "\n").first.map(String.init) ?? ""
        let shown = line.range(of: " = ").map { String(line[$0.upperBound...]) } ?? value
        let parsed = try? JSONParser.parse(shown)
        channel.respond(to: request, body: ["value": .string(VariableTable.preview(parsed ?? .string(shown))),
                                            "variablesReference": .int(variables.reference(for: parsed))])
    }

    /// `restart`: the program launched again from its document, its breakpoints kept.
    func restart(_ request: DAPRequest) async {
        guard let debugger, let program else { return channel.fail(request, "no program is launched", message: "notLaunched") }
        channel.respond(to: request)
        variables.reset()
        shownDiagnostics = DiagnosticCursor()
        await debugger.load(program.document, url: program.url, jason: program.jason)
        started = false
        await startIfReady()
    }
}
