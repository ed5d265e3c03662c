import JasonJSON

/// What a host gives an interpreter to run in: where actions print, where stores live, the clock, the
/// network, stubbed answers and the user at a terminal. Injected, so tests swap each part; each action
/// gets what it needs of it through the capabilities of its `ActionContext`.
public struct ActionEnvironment: Sendable {
    public var console: any Console
    public var stores: Stores
    /// The `$env` the view presents (spec §1.3).
    public var device: JSON
    /// The current view's URL: the key of its `$cache`, and the base of relative URLs.
    public var viewURL: String
    public var clock: any InterpreterClock
    public var transport: any HTTPTransport
    /// Stubbed answers for prompting and device actions, as the run starts.
    public var answers: AnswerBook
    /// The user at a terminal; nil when nobody can be asked (piped input, tests).
    public var input: (any LineInput)?
    /// Unix time when the clock read 0, for actions that answer with a date.
    public var startDate: Double
    /// The `$params` of the first view (`jasonrun --params`); later views get theirs from `$href`.
    public var params: JSONObject = [:]
    /// Who answers for devices, prompts and requests when a run explores its outcomes (nil: the stubs,
    /// the user and the network, as in any run).
    package var chooser: (any OutcomeChooser)?

    public init(console: any Console, stores: Stores = .inMemory(), device: JSON = ActionEnvironment.terminal,
                viewURL: String = "", clock: any InterpreterClock = VirtualClock(),
                transport: any HTTPTransport = OfflineTransport(), answers: AnswerBook = AnswerBook(),
                input: (any LineInput)? = nil, startDate: Double = 1_767_225_600) {
        self.console = console
        self.stores = stores
        self.device = device
        self.viewURL = viewURL
        self.clock = clock
        self.transport = transport
        self.answers = answers
        self.input = input
        self.startDate = startDate
    }

    /// The `$env` of a terminal.
    public static let terminal: JSON = [
        "device": ["width": 375, "height": 667, "language": "en", "os": ["name": "jasonrun", "version": "0.1"]],
        "app": ["version": "0.1.0", "build": "1"],
        "view": ["url": ""],
    ]
}
