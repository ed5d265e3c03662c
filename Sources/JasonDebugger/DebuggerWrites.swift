import JasonJSON
import JasonRuntime

/// The changes a face makes to the run from outside the program — a tap, typing, Back, a variable set
/// at the prompt, a reloaded file — made through the debugger, which alone writes the run: each drops
/// the future the timeline recorded, since it will not happen that way any more.
extension Debugger {
    /// A tap on `item` of the body on screen; false when it has neither action nor href.
    package func tap(_ item: JSON, at written: JSONPointer?, bodyPath: JSONPointer) -> Bool {
        guard interpreter.tap(item, at: written, bodyPath: bodyPath) else { return false }
        forgetFuture()
        return true
    }

    /// An action the host performs (a tab switching the view, say).
    package func perform(_ action: JSON, label: String) {
        interpreter.perform(action, label: label)
        forgetFuture()
    }

    /// Text typed into the input named `name`.
    package func input(_ name: String, value: JSON) {
        interpreter.input(name, value: value)
        forgetFuture()
    }

    /// Back, as the phone's button; false when there is no view to go back to.
    package func back() -> Bool {
        guard interpreter.back() else { return false }
        forgetFuture()
        return true
    }

    /// A variable's key set from outside (the REPL's `set`).
    package func set(_ variable: RunState.Variable, key: String, to value: JSON) throws {
        try interpreter.set(variable, key: key, to: value)
        forgetFuture()
    }

    /// The document at `url` read again where it is on the stack; the failure when it could not be.
    package func reloadInPlace(_ url: String) async -> ActionFailure? {
        if let failure = await interpreter.reloadInPlace(url) { return failure }
        forgetFuture()
        return nil
    }
}
