import Hummingbird
import JasonJSON
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves a session until the server stops (Ctrl-C, SIGTERM): the server in one task, the program in
/// another, the URL announced once the port is bound.
package enum PreviewHost {
    package enum Outcome: Sendable, Equatable {
        /// The server was stopped by a signal.
        case stopped
        /// The port could not be bound (in use, not allowed); the text says why.
        case cannotListen(String)
    }

    /// Runs `session` behind `server`. `announce` gets the URL (with the run's token) as soon as the server
    /// listens.
    package static func serve(_ session: sending PreviewSession, server: PreviewServer, jason: JSON?, paused: Bool,
                              announce: @escaping @Sendable (String) -> Void) async -> Outcome {
        let (ready, readyContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = server.application { port in
            readyContinuation.yield(port)
            readyContinuation.finish()
        }
        let running = Task {
            do {
                try await app.runService()
                return Outcome.stopped
            } catch {
                readyContinuation.finish()
                return Outcome.cannotListen(describe(error, port: server.port))
            }
        }
        var ports = ready.makeAsyncIterator()
        guard await ports.next() != nil else { return await running.value }
        announce(server.guarding.url)
        let program = Task { await session.run(jason: jason, paused: paused) }
        let outcome = await withTaskCancellationHandler { await running.value } onCancel: { running.cancel() }
        program.cancel()
        return outcome
    }

    /// Why the server could not start, in words.
    static func describe(_ error: any Error, port: Int) -> String {
        if let io = error as? IOError {
            switch io.errnoCode {
            case EADDRINUSE: return "port \(port) on 127.0.0.1 is already in use (choose another with --port, or --port 0 for any free one)"
            case EACCES: return "not allowed to listen on port \(port) (ports below 1024 need privileges; try --port 0)"
            default: break
            }
        }
        return "cannot listen on 127.0.0.1:\(port): \(error)"
    }
}
