extension ScriptEngine {
    /// The syntax error of an st.js expression (any of its three forms, T2), or nil when it compiles.
    /// The expression is compiled into a function that is never called: nothing it says runs. Without
    /// JavaScriptCore nothing can be said (nil).
    package func syntaxError(in expression: String) -> String? {
        if loadFailure != nil { return nil }
        return withContext { context in
            switch context.function(for: expression) {
            case .success: nil
            case .failure(let error): error.message
            }
        }
    }
}
