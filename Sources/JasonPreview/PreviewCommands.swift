import JasonDebugger
import JasonJSON
import JasonRuntime

/// What the pages ask for: taps, typing and Back on the screen, and the side panel's Pause, Step,
/// Continue and Back.
extension PreviewSession {
    func handle(_ command: PreviewLink.Command) async {
        switch command.message {
        case .tap(let path):
            guard let body = interpreter.variables.body, let item = body.value(at: JSONPointer(path)) else {
                return link.send(.error("nothing at \(path) in the body on screen"), to: command.client)
            }
            // A body written in the document (not rendered from a template) locates the tapped item.
            let written = interpreter.document.body == body ? JSONPointer("/$jason/body" + path) : nil
            if debugger.tap(item, at: written, bodyPath: JSONPointer(path)) {
                break
            } else if path.hasPrefix("/footer/tabs/items/"), let url = item["url"]?.stringValue {
                // A tab with a url (the documented form) switches the view to it, with no back stack.
                debugger.perform(["type": "$href", "options": ["url": .string(url), "transition": "replace"]],
                                 label: "tab \(path)")
            } else {
                link.send(.error("the element at \(path) has neither action nor href"), to: command.client)
            }
        case .input(let name, let value):
            debugger.input(name, value: value)
        case .back:
            if !debugger.back() {
                link.send(.error("there is no view to go back to"), to: command.client)
            }
        case .debug(let debug):
            await control(debug)
        case .answer, .hello:
            break   // the link answers these itself
        }
    }

    /// The side panel's pause / step / continue / back, on the engine's timeline.
    func control(_ command: ClientMessage.DebugCommand) async {
        switch command {
        case .pause:
            mode = .paused
            holdIfRunning()
        case .continue:
            mode = .running
            if debugger.pausedStep != nil { event = await debugger.resume(.run) }
        case .step:
            mode = .paused
            holdIfRunning()
            if debugger.pausedStep != nil {
                event = await debugger.resume(.stepInto)
            } else {
                debugger.session.setMode(.stepInto)
                event = await debugger.submit(nil)
            }
        case .back:
            mode = .paused
            holdIfRunning()
            guard let moved = debugger.back(1) else {
                return link.publish(.output("step back: no action before this one is remembered", pane: .notes))
            }
            event = moved
        }
    }

    /// In the middle of a run (yielded), the program stops where it is.
    private func holdIfRunning() {
        guard case .yielded = event else { return }
        event = debugger.pauseHere() ?? .idle
    }
}
