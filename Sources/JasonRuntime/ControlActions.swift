/// The actions the interpreter's loop carries out itself (they move the chain rather than do work), as
/// declarations for help and the docs.
enum ControlActions {
    static let specs: [(type: String, spec: ActionSpec)] = [
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
    ]
}
