import CJavaScriptCore
import Glibc
import JasonJSON
import Synchronization

/// What one evaluation gave.
package enum ScriptResult: Sendable, Hashable {
    case value(JSON)
    case undefined
    case threw(String)
}

/// JavaScriptCore, as the template engine needs it: st.js-style expression bodies compiled once into
/// functions and called with `this` bound to the template data. One context per engine, created on the
/// first evaluation; scripts get no file, network or process access (plain JavaScriptCore has none), and
/// a call that runs past its limits (`ScriptLimits`: time, memory) is stopped and reported.
///
/// JavaScriptCore serialises its own API calls; the mutex guards our caches. Loop items refer to the
/// resident top-level data as `$root`, so renders that run at the same time should not share an engine:
/// each interpreter has its own.
public final class ScriptEngine: @unchecked Sendable {
    package let limits: ScriptLimits
    package var timeLimit: Double { limits.time }
    /// The context, made by the first evaluation that needs it; read and changed under `lock` only.
    @exclusivity(unchecked) private var context: EngineContext?
    /// Held by `withContext`, and by a caller of `readyContext()` around its use.
    let lock = EngineLock()
    /// Made with the first context and kept across `reset()`: one watching thread per engine.
    let watch = Mutex<RunawayWatch?>(nil)
    let builtins = BuiltinsFlag()
    /// Set when an expression needed JavaScriptCore and it could not be loaded.
    let refused = Atomic<Bool>(false)
    /// `Math.random()`'s seed (`--seed`): the same seed draws the same numbers. Nil: JavaScript's own.
    package let seed: UInt64?
    /// Where `Date` reads the time (Unix milliseconds); nil: the real clock. A closure is kept in a class:
    /// one held in the mutex directly is reabstracted by every `withLock { $0 }` (a thunk round it each
    /// time), so its calls nested deeper with each evaluation until the stack overflowed.
    private let clock = Mutex<TimeReader?>(nil)

    public init(limits: ScriptLimits = ScriptLimits(), seed: UInt64? = nil) {
        self.limits = limits
        self.seed = seed
    }

    /// Makes JavaScript's `Date` read `now` (Unix milliseconds), as the interpreter's virtual clock does.
    package func readTime(from now: (@Sendable () -> Double)?) {
        let reader = now.map(TimeReader.init)
        clock.withLock { $0 = reader }
        lock.locked { context?.timeReader = reader }
    }

    /// Where `Date` reads the time, for another engine that should read the same (an agent's).
    package var timeSource: (@Sendable () -> Double)? { clock.withLock { $0?.read } }

    package convenience init(timeLimit: Double) {
        self.init(limits: ScriptLimits(time: timeLimit))
    }

    deinit { watch.withLock { $0?.stop() } }

    /// True once the JavaScript context exists (it is created by the first evaluation that needs it).
    package var isStarted: Bool { lock.locked { context != nil } }

    /// Forgets the context: the next evaluation makes a fresh one.
    func dropContext() { lock.locked { context = nil } }

    /// Evaluates an st.js expression (`a.b`, `x ? 1 : 2`, `var s = 0; …; return s;`, `function(){…}`)
    /// with `this` bound to `receiver`.
    package func evaluate(_ expression: String, receiver: ScriptReceiver) -> ScriptResult {
        withContext { $0.call(expression, receiver: receiver) }
    }

    /// Evaluates with `this` bound to the resident top-level data, brought up to date with `data` first
    /// (under one lock, so evaluations from elsewhere cannot change it in between).
    package func evaluate(_ expression: String, root data: JSONObject) -> ScriptResult {
        if let loadFailure { return .threw(loadFailure) }
        return withContext { $0.call(expression, receiver: $0.syncRoot(data)) }
    }

    /// Evaluates with `this` bound to a value converted for this call only.
    package func evaluate(_ expression: String, this value: JSON) -> ScriptResult {
        if let loadFailure { return .threw(loadFailure) }
        return withContext { context in
            let receiver = context.receiver(for: value, extras: [:])
            return context.call(expression, receiver: receiver)
        }
    }

    /// A JavaScript copy of `value` to evaluate against; `extras` become extra properties of an object
    /// (st.js's `$root`, `$index`) or, for a primitive, of its prototype during each call.
    package func receiver(for value: JSON, extras: [String: ScriptReceiver.Extra]) -> ScriptReceiver {
        withContext { $0.receiver(for: value, extras: extras) }
    }

    /// The resident copy of the top-level template data: members are converted again only when their
    /// value changed since the last call, so a render does not marshal `$global` or `$get` anew.
    package func rootReceiver(for data: JSONObject) -> ScriptReceiver {
        withContext { $0.syncRoot(data) }
    }

    private func runawayWatch() -> RunawayWatch {
        watch.withLock { watch in
            if let watch { return watch }
            let made = RunawayWatch()
            watch = made
            return made
        }
    }

    /// Runs `body` with the context, made now if there is none. Callers first make sure the library
    /// loaded (`loadFailure`): without it there is no context to give.
    func withContext<T>(_ body: (EngineContext) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(readyContext())
    }

    /// The context, made now if there is none, told the time; the caller holds `lock`. Callers that run
    /// often take the lock themselves rather than hand `withContext` a closure, which copied what it held.
    func readyContext() -> EngineContext {
        if let loadFailure { fatalError(loadFailure) }
        let ready = context ?? makeContext()
        ready.tellTime(ready.timeReader?.read())
        return ready
    }

    private func makeContext() -> EngineContext {
        let made = EngineContext(limits: limits, watch: runawayWatch(), builtins: builtins, seed: seed)
        made.timeReader = clock.withLock { $0 }
        context = made
        return made
    }
}

/// The engine's lock, taken and released without a closure. `Mutex.withLock` took one, and handing it
/// the evaluation's own closure copied what that held (the expression, the data's references) twice on
/// every call.
final class EngineLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    func locked<T>(_ body: () -> T) -> T {
        lock()
        defer { unlock() }
        return body()
    }
}

final class TimeReader: Sendable {
    let read: @Sendable () -> Double

    init(_ read: @escaping @Sendable () -> Double) {
        self.read = read
    }
}

/// Set once code that could replace a built-in method has been given to the engine: an included
/// script, or an expression that may assign. Until then, calls of built-ins may be answered elsewhere.
final class BuiltinsFlag: Sendable {
    let replaced = Atomic<Bool>(false)
}

/// A JavaScript value held for evaluations (`this`). Keeps the value alive until released.
package final class ScriptReceiver: @unchecked Sendable {
    package enum Extra: Sendable {
        case json(JSON)
        case receiver(ScriptReceiver)
    }

    let value: JSValueRef
    let context: JSGlobalContextRef
    let isObject: Bool
    /// For primitives, the properties to put on the prototypes while a call runs (st.js's `$index`).
    let primitiveExtras: [(String, JSValueRef)]

    init(value: JSValueRef, context: JSGlobalContextRef, isObject: Bool, primitiveExtras: [(String, JSValueRef)]) {
        self.value = value
        self.context = context
        self.isObject = isObject
        self.primitiveExtras = primitiveExtras
        JSGlobalContextRetain(context)
        JSValueProtect(context, value)
        for (_, extra) in primitiveExtras { JSValueProtect(context, extra) }
    }

    deinit {
        JSValueUnprotect(context, value)
        for (_, extra) in primitiveExtras { JSValueUnprotect(context, extra) }
        JSGlobalContextRelease(context)
    }
}
