import JasonJSON
import JasonTemplate

/// The state one chain owns: the action it performs next, the register and the open lambda frames.
struct Chain: Sendable {
    /// Where the chain came from (an event name, a pointer), for the trace.
    var origin: String
    /// The next action, resolved and filled in, with its call as written; nil when the chain is about to end.
    var pending: ActionStep?
    /// How the chain ends once nothing is pending.
    var outcome: ChainOutcome = .finished
    /// `$jason`; nil is undefined (the register is `{}`).
    var jason: JSON?
    /// Callers waiting for `$return.*`, innermost last.
    var frames: [ActionCall] = []
    /// The `$jason` each caller had when it called, for the innermost frames (a chain resumed after a
    /// view closed gets its frames back without them); read by `callStack`.
    var callerJason: [JSON?] = []

    init(origin: String, jason: JSON?) {
        self.origin = origin
        self.jason = jason
    }

    /// The register after `success(value)` / `error(value)` (R17): `{}` and "no value" leave `$jason`
    /// undefined; anything else becomes `$jason` as it is.
    static func wrap(_ value: JSON?) -> JSON? {
        guard let value, !value.isEmptyObject else { return nil }
        return value
    }
}

/// Where the chain goes after one action.
enum Resolution {
    case `continue`(ActionNode)
    /// A call of a compiled branch (not `trigger` or `$lambda`) with its options filled in already, with the
    /// branch (R3); they hold no `{{` left to fill in when it runs.
    case filled(ActionCall, options: JSON?)
    case end
    /// The chain ends, and open lambdas are not left waiting by mistake: `$href` takes them along to
    /// resume after `$ok`, and a cancelled prompt ends the chain as the phone does.
    case endQuietly
    /// Boxed: a diagnostic is several times the size of the other cases, and a resolution is moved
    /// at every turn of the loop.
    indirect case fail(Diagnostic)
    /// The chain stops without an error: its view has gone (R20).
    case abandon(String)
}
