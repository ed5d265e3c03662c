/// The actions the interpreter's loop carries out itself (they move the chain rather than do work), as
/// declarations for help and the docs.
enum ControlActions {
    static let specs: [(type: String, spec: ActionSpec)] = [
        ("$set", ActionSpec(
            "Merges its options into $get, the view's variables.", openOptions: true,
            errors: "options that are not an object",
            terminal: "as on the phone")),
        ("trigger", ActionSpec(
            "Calls a named action of head.actions: {\"trigger\": \"name\", \"options\": …}. Sugar for $lambda.",
            returns: "what the callee returns with $return.success", errors: "the callee's $return.error; no such name",
            terminal: "a real call stack: nested calls return to their own callers; in tail position (no success/error) it reuses the frame")),
        ("$lambda", ActionSpec(
            "Calls the action head.actions[name], with options.options as its $jason.",
            options: [OptionSpec("name", .string, required: true, "the key in head.actions"),
                      OptionSpec("options", .any, "becomes $jason inside the callee; without it the callee sees the caller's $jason")],
            returns: "what the callee returns with $return.success", errors: "the callee's $return.error; no such name",
            terminal: "as trigger")),
        ("$return.success", ActionSpec(
            "Returns from the current lambda to the caller's success branch.", openOptions: true,
            returns: "its options, or the current $jason when it has none", terminal: "outside a lambda the chain ends")),
        ("$return.error", ActionSpec(
            "Returns from the current lambda to the caller's error branch.", openOptions: true,
            returns: "its options, or the current $jason when it has none, as the caller's error $jason",
            terminal: "outside a lambda the chain ends")),
    ] + navigation

    static let hrefOptions = [
        OptionSpec("url", .string, required: true, "the document to open; relative to the current view's URL"),
        OptionSpec("view", .string, default: "jason", "jason, or web/app for a browser or another app"),
        OptionSpec("transition", .string, default: "push", "push, modal, replace or root"),
        OptionSpec("options", .object, "the new view's $params"),
    ]

    static let navigation: [(type: String, spec: ActionSpec)] = [
        ("$href", ActionSpec(
            "Opens a document as a new view; the chain waits until that view returns with $ok.",
            options: hrefOptions, openOptions: true,
            returns: "what the opened view passes to $ok, when it does",
            errors: "the document could not be fetched or is invalid ({message, type, url})",
            terminal: "a stack of views: the new view runs its $load; view web/app prints the URL instead")),
        ("$visit", ActionSpec("Opens a URL, as $href.", options: hrefOptions, openOptions: true,
                              returns: "as $href", errors: "as $href", terminal: "as $href")),
        ("$back", ActionSpec("Closes the view; the one below shows again and runs $show.",
                             errors: "there is no view below", terminal: "pops the view stack")),
        ("$ok", ActionSpec("Closes the view and resumes the $href that opened it, with its options as $jason.",
                           openOptions: true, returns: "(in the opener) its options; without options, the $jason it was given (as on the phone)",
                           errors: "there is no view below",
                           terminal: "a view opened by a plain href is not reloaded: the one below runs $show")),
        ("$close", ActionSpec("Closes the view (a modal, typically), as $ok.", openOptions: true,
                              returns: "(in the opener) its options: unlike on iOS they are kept; without options, undefined",
                              errors: "there is no view below", terminal: "as $ok")),
        ("$cancel", ActionSpec("Closes the view, resuming the opener with no value.",
                               errors: "there is no view below", terminal: "as $ok, with no value")),
        ("$home", ActionSpec("Goes back to the first document, fetched again.",
                             errors: "it could not be fetched", terminal: "the view stack restarts")),
        ("$reload", ActionSpec("Fetches the view's document again and runs its $load.",
                               returns: "nothing: its success never runs (as on iOS)",
                               errors: "it could not be fetched", terminal: "$get and the view data start empty")),
        ("$reset", ActionSpec("Re-creates the view, as $reload.", errors: "as $reload", terminal: "as $reload")),
    ]
}
