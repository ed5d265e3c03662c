import CJavaScriptCore

/// JavaScriptCore is loaded when the first expression needs it, not at start-up (CJavaScriptCore.h
/// says why). Loading happens once; a failure is kept and given to every expression that needs it.
enum EngineLibrary {
    /// Nil once loaded; else why it could not be, as the user should read it.
    static let failure: String? = jsc_load().map { reason in
        "JavaScriptCore, which this needs, could not be loaded (\(String(cString: reason))); "
            + "install it with: sudo apt-get install libjavascriptcoregtk-4.1-0"
    }
}

extension ScriptEngine {
    /// Why JavaScript cannot be evaluated here (JavaScriptCore is missing or broken); nil when it can.
    /// Asking loads the library, and a failure is remembered as `wasRefused`.
    package var loadFailure: String? {
        let failure = EngineLibrary.failure
        if failure != nil { refused.store(true, ordering: .relaxed) }
        return failure
    }

    /// Whether something needed JavaScript that could not be had: a batch run then fails.
    package var wasRefused: Bool { refused.load(ordering: .relaxed) }
}
