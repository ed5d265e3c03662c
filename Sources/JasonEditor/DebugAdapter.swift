import Foundation
import JasonJSON
import JasonDebugger
import JasonREPL
import JasonRuntime

/// `jasonrun dap`: a debug adapter over stdio (Debug Adapter Protocol), a face of the debugging engine.
/// Its debug console speaks the REPL's command language, through a REPL over the same debugger.
///
/// Requests are read on a thread of their own and handled one at a time on the caller's task; the
/// program runs on that task between requests. A `pause`, `disconnect` or `terminate` read while it
/// runs interrupts it before its next action, so a runaway loop stops. One thread: chains run one at a
/// time (the inbox is a FIFO), so the stack of the one that is paused is the whole story.
package final class DebugAdapter {
    let channel: DAPChannel
    let input: Int32
    let launcher: DAPLauncher
    var debugger: Debugger?
    /// The debug console's commands.
    var console: REPL?
    /// Set by the reader thread (`pause`, `disconnect`); given to the debugger when the program launches.
    let interruption = Interruption()
    var program: DAPProgram?
    var configured = false
    var started = false
    var ended = false
    var stopOnEntry = false
    /// The next stop is the one `stopOnEntry` asked for.
    var entryPending = false
    var shownDiagnostics = DiagnosticCursor()
    var linesStartAt1 = true
    var columnsStartAt1 = true
    /// Breakpoint ids set by `setBreakpoints` (per source path), `setFunctionBreakpoints` and
    /// `setExceptionBreakpoints`; each request replaces its own.
    var sourceBreakpoints: [String: [Int]] = [:]
    var functionBreakpoints: [Int] = []
    var exceptionBreakpoints: [Int] = []
    /// The failed action of the last stop at one (`exceptionInfo` describes it).
    var lastFailure: (type: String, payload: JSON?, handled: Bool)?
    var variables = VariableTable()

    static let threadID = 1

    package init(input: Int32, output: Int32, launcher: @escaping DAPLauncher) {
        self.input = input
        channel = DAPChannel(writer: MessageWriter(fileDescriptor: output))
        self.launcher = launcher
    }

    /// Serves one debug session; returns when the client disconnects or the input ends (0), or when the
    /// input stops being framed messages (the error: nothing can be answered any more).
    package func run() async -> Result<Int32, FramingError> {
        let (requests, continuation) = AsyncStream<Result<DAPRequest, FramingError>>.makeStream()
        let (channel, fd, interruption) = (self.channel, input, interruption)
        let thread = Thread {
            var reader = MessageReader(fileDescriptor: fd)
            while true {
                let body: [UInt8]
                do throws(FramingError) {
                    guard let next = try reader.next() else { break }
                    body = next
                } catch {
                    continuation.yield(.failure(error))
                    break
                }
                guard let request = DAPRequest(body) else {
                    channel.output("jasonrun dap: ignored a message that is not a JSON request\n", category: "console")
                    continue
                }
                // The program stops before its next action, whether it runs now or is about to start.
                switch request.command {
                case "pause":
                    // Answered here: the handling task may be busy running the program.
                    interruption.request()
                    channel.respond(to: request)
                    continue
                case "disconnect", "terminate":
                    channel.setEnding()
                    interruption.request()
                default:
                    break
                }
                continuation.yield(.success(request))
            }
            // The client has gone (or the stream broke): stop what runs and end the session.
            channel.setEnding()
            interruption.request()
            continuation.finish()
        }
        thread.start()
        for await incoming in requests {
            switch incoming {
            case .success(let request):
                if await !handle(request) { return .success(0) }
            case .failure(let error):
                return .failure(error)
            }
        }
        return .success(0)
    }

    /// Handles one request; false to end the session.
    func handle(_ request: DAPRequest) async -> Bool {
        switch request.command {
        case "initialize": initialize(request)
        case "launch": await launch(request)
        case "attach": channel.fail(request, "jasonrun dap starts the program itself: use a launch configuration",
                                    message: "notSupported")
        case "setBreakpoints": setBreakpoints(request)
        case "setFunctionBreakpoints": setFunctionBreakpoints(request)
        case "setExceptionBreakpoints": setExceptionBreakpoints(request)
        case "configurationDone":
            configured = true
            channel.respond(to: request)
            await startIfReady()
        case "threads":
            channel.respond(to: request, body: ["threads": [["id": .int(Self.threadID), "name": "chains"]]])
        case "stackTrace": stackTrace(request)
        case "exceptionInfo": exceptionInfo(request)
        case "scopes": scopes(request)
        case "variables": variables(request)
        case "setVariable": await setVariable(request)
        case "restart": await restart(request)
        case "evaluate": await evaluate(request)
        case "continue", "next", "stepIn", "stepOut": await go(request)
        case "stepBack", "reverseContinue": goBack(request)
        case "terminate":
            channel.respond(to: request)
            end()
        case "disconnect":
            channel.respond(to: request)
            return false
        default:
            channel.fail(request, "jasonrun dap does not know the request '\(request.command)'", message: "notSupported")
        }
        return true
    }

    func initialize(_ request: DAPRequest) {
        let arguments = request.arguments
        if case .bool(let flag)? = arguments["linesStartAt1"] { linesStartAt1 = flag }
        if case .bool(let flag)? = arguments["columnsStartAt1"] { columnsStartAt1 = flag }
        channel.respond(to: request, body: [
            "supportsConfigurationDoneRequest": true,
            "supportsFunctionBreakpoints": true,
            "supportsConditionalBreakpoints": true,
            "supportsHitConditionalBreakpoints": true,
            "supportsLogPoints": true,
            "supportsSetVariable": true,
            "supportsRestartRequest": true,
            "supportsStepBack": true,
            "supportsEvaluateForHovers": true,
            "supportsTerminateRequest": true,
            "supportsExceptionInfoRequest": true,
            "exceptionBreakpointFilters": [
                ["filter": "failed", "label": "Failed actions",
                 "description": "Stop where an action fails, before its error branch runs", "default": false],
                ["filter": "unhandled", "label": "Unhandled failures",
                 "description": "Stop where an action fails that has no error branch", "default": true],
            ],
        ])
    }
}
