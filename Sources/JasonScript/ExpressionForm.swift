/// The three shapes st.js accepts inside `{{ }}` (spec T2), turned into a function body:
/// `function(){ BODY }` runs BODY; a text ending in a `return …` statement is run as statements;
/// anything else is an expression to return.
struct ExpressionForm {
    let functionBody: String

    init(_ expression: String) {
        if let body = Self.functionLiteralBody(expression) {
            functionBody = body
        } else if Self.endsWithReturnStatement(expression) {
            functionBody = expression
        } else {
            functionBody = "return (" + expression + ")"
        }
    }

    /// `function ( ) { BODY } ` at the end of the text (`/function\([ ]*\)[ ]*\{(.*)\}[ ]*$/`).
    static func functionLiteralBody(_ text: String) -> String? {
        guard let match = text.firstMatch(of: Patterns.functionLiteral) else { return nil }
        return String(match.1)
    }

    /// `/\breturn [^;]+;?[ ]*$/` and `/return[^}]*$/` both hold.
    static func endsWithReturnStatement(_ text: String) -> Bool {
        text.contains(Patterns.returnStatement) && text.contains(Patterns.returnAtEnd)
    }

    /// Whether the text may reach built-ins in ways `mayMutate` does not see (a prototype's member
    /// replaced, `eval`, `Function`).
    static func mayReplaceBuiltins(_ text: String) -> Bool {
        text.contains(Patterns.builtinsReach)
    }

    /// A conservative guess whether evaluating may change the data: an assignment, `++`/`--`, `delete`,
    /// a call of an array method that changes its array, or of a function that changes or freezes objects.
    static func mayMutate(_ text: String) -> Bool {
        text.contains(Patterns.mutation)
    }

    /// Made once: a regex literal written inside a function is a new Regex each time it is reached,
    /// parsed and compiled again, which cost 9 million instructions (3 ms) for every expression compiled.
    /// Regex is not declared Sendable, but what it keeps is immutable apart from the program it compiles
    /// on first use, which it stores with an atomic compare-and-swap; engines on other threads may share it.
    private enum Patterns {
        nonisolated(unsafe) static let functionLiteral = /function\([ ]*\)[ ]*\{(.*)\}[ ]*$/
        nonisolated(unsafe) static let returnStatement = /\breturn [^;]+;?[ ]*$/
        nonisolated(unsafe) static let returnAtEnd = /return[^}]*$/
        nonisolated(unsafe) static let builtinsReach = /prototype|__proto__|Reflect|setPrototypeOf|eval|Function|constructor/
        nonisolated(unsafe) static let mutation =
            /(^|[^=!<>])=($|[^=>])|\+\+|--|\bdelete\b|\.(push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin)\s*\(|Object\.(assign|define|freeze|seal|preventExtensions|setPrototypeOf)|Reflect/
    }
}
