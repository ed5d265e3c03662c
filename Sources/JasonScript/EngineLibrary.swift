import CJavaScriptCore

/// JavaScriptCore is loaded when the first expression needs it, not at start-up (CJavaScriptCore.h
/// says why). Loading happens once; a failure is kept and given to every expression that needs it.
enum EngineLibrary {
    /// Why it could not be loaded, as the user should read it (`reason` is the loader's).
    static func failure(_ reason: UnsafePointer<CChar>) -> String {
        "JavaScriptCore, which this needs, could not be loaded (\(String(cString: reason))); "
            + "install it with: sudo apt-get install libjavascriptcoregtk-4.1-0"
    }
}

extension ScriptEngine {
    /// Why JavaScript cannot be evaluated here (JavaScriptCore is missing or broken); nil when it can.
    /// Asking loads the library, and a failure is remembered as `wasRefused`.
    package var loadFailure: String? {
        // jsc_load answers from a pthread_once after the first call: cheaper than a Swift global's once.
        guard let reason = jsc_load() else { return nil }
        refused.store(true, ordering: .relaxed)
        return EngineLibrary.failure(reason)
    }

    /// Whether something needed JavaScript that could not be had: a batch run then fails.
    package var wasRefused: Bool { refused.load(ordering: .relaxed) }
}
