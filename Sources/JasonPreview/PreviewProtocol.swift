import JasonJSON

/// The messages of the preview's WebSocket (`/ws`), one JSON object per text frame, told apart by
/// `"type"`. Docs/Preview.md lists them with examples; this file is the one definition of both sides.
///
/// The page sends `ClientMessage`s; the server answers with `ServerMessage`s, and sends them unasked
/// whenever the program changes what is shown. A frame that is not one of these is answered with an
/// `error` message and changes nothing.
package enum ClientMessage: Sendable, Equatable {
    /// A tap on the element at `path`, a JSON pointer into the body of the view on screen (as the
    /// page got it in the last `view` message): its `action` runs, or its `href` is followed.
    case tap(path: String)
    /// A named form field changed: `$get[name] = value`.
    case input(name: String, value: JSON)
    /// The answer to the overlay `id`: a value, or nil for Cancel.
    case answer(id: Int, value: JSON?, cancelled: Bool)
    /// The back button of the page: the view on top goes away.
    case back
    /// The side panel's controls.
    case debug(DebugCommand)
    /// Asks for the whole picture again (view, state, open overlays), as a new connection gets it.
    case hello

    package enum DebugCommand: String, Sendable, CaseIterable {
        case pause, step, `continue`, back
    }

    /// Why a frame was refused, for the `error` answer.
    package struct Rejection: Error, Equatable, Sendable {
        package var message: String
    }

    package static let types = ["tap", "input", "answer", "back", "debug", "hello"]

    /// Reads one text frame.
    package static func parse(_ text: String) throws(Rejection) -> ClientMessage {
        let json: JSON
        do { json = try JSONParser.parse(text) } catch {
            throw Rejection(message: "not JSON: \(error.message) at \(error.location)")
        }
        guard case .object(let members) = json else {
            throw Rejection(message: "a message is a JSON object with a \"type\", not \(json.kindName)")
        }
        guard case .string(let type)? = members["type"] else {
            throw Rejection(message: "the message has no \"type\" (one of \(types.joined(separator: ", ")))")
        }
        switch type {
        case "tap":
            guard case .string(let path)? = members["path"], path.isEmpty || path.hasPrefix("/") else {
                throw Rejection(message: "tap needs \"path\", a JSON pointer into the body")
            }
            return .tap(path: path)
        case "input":
            guard case .string(let name)? = members["name"], !name.isEmpty, let value = members["value"] else {
                throw Rejection(message: "input needs \"name\" (a non-empty string) and \"value\"")
            }
            return .input(name: name, value: value)
        case "answer":
            guard case .int(let id)? = members["id"] else { throw Rejection(message: "answer needs \"id\", a number") }
            let cancelled = members["cancel"] == .bool(true)
            return .answer(id: id, value: cancelled ? nil : members["value"], cancelled: cancelled)
        case "back":
            return .back
        case "debug":
            guard case .string(let name)? = members["command"], let command = DebugCommand(rawValue: name) else {
                let names = DebugCommand.allCases.map(\.rawValue).joined(separator: ", ")
                throw Rejection(message: "debug needs \"command\": one of \(names)")
            }
            return .debug(command)
        case "hello":
            return .hello
        default:
            throw Rejection(message: "unknown message type \"\(type)\" (one of \(types.joined(separator: ", ")))")
        }
    }
}

/// What the server sends.
package enum ServerMessage: Sendable, Equatable {
    /// The view on top: its body (null when it has none), the document's title, and how many views
    /// are under it (a back button when more than zero).
    case view(ViewPicture)
    /// The variables and where the program is (the side panel).
    case state(StatePicture)
    /// Action boundaries since the last `trace` message, oldest first.
    case trace([JSON])
    /// An overlay to show: `toast` and `banner` go away by themselves; `alert`, `picker` and
    /// `datepicker` wait for an `answer` with their `id`.
    case overlay(id: Int, kind: String, options: JSON)
    /// An overlay answered or dropped elsewhere (another page, a `back` that abandoned its chain).
    case overlayClosed(id: Int)
    /// A line for one of the page's panes: what actions printed (the terminal's output), the run's
    /// warnings and errors, or the preview's own notes.
    case output(String, pane: Pane = .printed)
    /// The answer to a frame that was refused.
    case error(String)

    package struct ViewPicture: Sendable, Equatable {
        package var body: JSON?
        package var title: String
        package var depth: Int
        package var url: String
        /// `head.styles`: the named styles components refer to with `"class"`.
        package var styles: JSON = .null
    }

    package struct StatePicture: Sendable, Equatable {
        package var get: JSON
        package var global: JSON
        package var cache: JSON
        package var jason: JSON?
        /// running, paused or idle.
        package var mode: String
        /// The action about to run when paused: its name and location.
        package var pending: JSON?
        package var steps: Int
        package var views: Int
    }

    package var json: JSON {
        switch self {
        case .view(let v):
            return ["type": "view", "body": v.body ?? .null, "title": .string(v.title), "depth": .int(v.depth),
                    "url": .string(v.url), "styles": v.styles]
        case .state(let s):
            return ["type": "state", "get": s.get, "global": s.global, "cache": s.cache, "jason": s.jason ?? .null,
                    "mode": .string(s.mode), "pending": s.pending ?? .null, "steps": .int(s.steps),
                    "views": .int(s.views)]
        case .trace(let events):
            return ["type": "trace", "events": .array(events)]
        case .overlay(let id, let kind, let options):
            return ["type": "overlay", "id": .int(id), "kind": .string(kind), "options": options]
        case .overlayClosed(let id):
            return ["type": "overlay-closed", "id": .int(id)]
        case .output(let text, let pane):
            return ["type": "output", "text": .string(text), "pane": .string(pane.rawValue)]
        case .error(let message):
            return ["type": "error", "message": .string(message)]
        }
    }

    package var text: String { JSONPrinter.compact(json) }
}

/// The panes of the page a line of output goes to.
package enum Pane: String, Sendable {
    /// What actions printed.
    case printed = "output"
    /// The run's diagnostics: template warnings, unhandled errors.
    case warnings
    /// What the preview says about itself (a reload, what it draws differently).
    case notes
}
