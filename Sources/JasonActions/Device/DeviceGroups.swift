import JasonJSON
import JasonRuntime

/// The device groups of the catalog (spec §4.2) a terminal can only simulate: each action answers
/// from the stub file.
package enum DeviceGroups {
    package static let geo: [String: any ActionHandler] = [
        "get": StubbedAction(ActionSpec(
            "Reads the device's location.",
            options: [OptionSpec("distance", .number, range: NumberRange(0...40_000_000), "the accuracy wanted, in metres")],
            returns: "{\"coord\": \"LAT,LNG\"}", errors: "the location could not be read"), cancel: .error),
    ]

    static let mediaResult = "{\"file_url\", \"data_uri\", \"data\", \"content_type\"}"

    package static let media: [String: any ActionHandler] = [
        "play": StubbedAction(ActionSpec(
            "Plays a video.",
            options: [OptionSpec("url", .string, required: true, "the video"),
                      OptionSpec("muted", .boolean, "start without sound"),
                      OptionSpec("inline", .boolean, "play inside the view"),
                      OptionSpec("frame", .object, "where, when inline")],
            returns: "undefined, when playback ends")),
        "camera": StubbedAction(ActionSpec(
            "Takes a photo or video with the camera.",
            options: [OptionSpec("type", .string, default: "photo", "photo, video or gif"),
                      OptionSpec("edit", .boolean, "let the user crop"),
                      OptionSpec("quality", .string, "low, medium or high")],
            returns: mediaResult, errors: "never; a cancel ends the chain")),
        "picker": StubbedAction(ActionSpec(
            "Picks a photo or video from the library.",
            options: [OptionSpec("type", .string, default: "photo", "photo, video or gif"),
                      OptionSpec("edit", .boolean, "let the user crop")],
            returns: mediaResult, errors: "never; a cancel ends the chain")),
        "toGif": StubbedAction(ActionSpec(
            "Turns a video into an animated GIF.",
            options: [OptionSpec("url", .string, required: true, "the video")],
            returns: "{\"file_url\", \"data\", \"content_type\": \"image/gif\"}")),
    ]

    package static let audio: [String: any ActionHandler] = [
        "play": StubbedAction(ActionSpec(
            "Plays an audio stream.",
            options: [OptionSpec("url", .string, required: true, "the stream"),
                      OptionSpec("title", .text, "shown on the lock screen"),
                      OptionSpec("author", .text, "shown on the lock screen"),
                      OptionSpec("album", .text, "shown on the lock screen"),
                      OptionSpec("image", .string, "cover art URL")],
            errors: "no url"), cancel: .error),
        "pause": StubbedAction(ActionSpec("Pauses a stream.", options: [OptionSpec("url", .string, "the stream")])),
        "stop": StubbedAction(ActionSpec("Stops a stream.", options: [OptionSpec("url", .string, "the stream")])),
        "seek": StubbedAction(ActionSpec(
            "Moves a stream to a position.",
            options: [OptionSpec("url", .string, "the stream"),
                      OptionSpec("position", .number, range: NumberRange(0...1), "between 0 and 1")])),
        "position": StubbedAction(ActionSpec(
            "Reads how far a stream has played.", options: [OptionSpec("url", .string, "the stream")],
            returns: "{\"value\": \"<seconds as text>\"}", errors: "no such stream"), cancel: .error),
        "duration": StubbedAction(ActionSpec(
            "Reads a stream's length.", options: [OptionSpec("url", .string, "the stream")],
            returns: "{\"value\": \"<seconds as text>\"}")),
        "record": StubbedAction(ActionSpec(
            "Records from the microphone.",
            options: [OptionSpec("color", .string, "the recorder's colour"), OptionSpec("theme", .string, "light or dark")],
            returns: "{\"file_url\", \"data_uri\", \"data\", \"content_type\": \"audio/m4a\"}; a cancel ends the chain")),
    ]

    package static let vision: [String: any ActionHandler] = [
        "scan": StubbedAction(ActionSpec(
            "Starts scanning codes with the camera; each code read fires $vision.onscan.",
            errors: "the camera could not start")),
    ]

    package static let push: [String: any ActionHandler] = [
        "register": StubbedAction(ActionSpec(
            "Registers for push notifications; the token arrives as $push.onregister.",
            errors: "permission denied"), cancel: .error),
    ]

    package static let websocket: [String: any ActionHandler] = [
        "open": StubbedAction(ActionSpec(
            "Opens a web socket; its events run $websocket.onopen, .onmessage, .onerror, .onclose.",
            options: [OptionSpec("url", .string, required: true, "ws:// or wss:// URL")])),
        "send": StubbedAction(ActionSpec(
            "Sends a message on the open socket.", options: [OptionSpec("message", .text, required: true, "the text")])),
        "close": StubbedAction(ActionSpec("Closes the socket.")),
    ]

    package static let oauth: [String: any ActionHandler] = [
        "auth": StubbedAction(ActionSpec(
            "Runs an OAuth authorization flow in a browser.", openOptions: true,
            errors: "missing blocks, HTTP failures"), cancel: .error),
        "request": StubbedAction(ActionSpec(
            "Makes an OAuth-signed request.", openOptions: true,
            returns: "the response JSON", errors: "HTTP failures"), cancel: .error),
        "access_token": StubbedAction(ActionSpec(
            "Reads the stored access token.", openOptions: true,
            returns: "{\"token\"}", errors: "no token"), cancel: .error),
        "reset": StubbedAction(ActionSpec("Forgets the stored tokens.", openOptions: true), cancel: .error),
    ]

    package static let notification: [String: any ActionHandler] = [
        "register": ClosureHandler(ActionSpec(
            "The legacy name of $push.register; does nothing.", terminal: "does nothing")) { _, _ in nil },
    ]

    /// `$snapshot` and `$network.upload` also need what a terminal does not have.
    static let snapshot = StubbedAction(ActionSpec(
        "Takes a screenshot of the view.",
        returns: "{\"data\", \"data_uri\", \"content_type\": \"image/jpeg\"}", errors: "the camera is running"),
        cancel: .error)

    static let upload = StubbedAction(ActionSpec(
        "Uploads base64 data to a storage bucket through a signing URL.",
        options: [OptionSpec("data", .string, required: true, "the base64 content"),
                  OptionSpec("content_type", .string, "its MIME type"),
                  OptionSpec("bucket", .string, "the bucket"), OptionSpec("path", .string, "the folder"),
                  OptionSpec("sign_url", .string, "the URL that signs the upload"),
                  OptionSpec("headers", .object, "sent with the signing request")],
        returns: "{\"filename\", \"file_name\"}", errors: "signing or the upload failed"), cancel: .error)
}
