import Foundation
import JasonCLI

// The main thread starts no concurrency of its own. `--version` and `help` are answered here without
// a thread; anything else runs in a task while this thread waits. An async main would instead leave the
// main thread through dispatch_main, whose pthread_exit loads libgcc_s to unwind it, on every start.
let arguments = Array(CommandLine.arguments.dropFirst())
let io = StandardIO()
if let status = Jasonrun.answerAtOnce(arguments, io: io) { exit(status) }
Task.detached { [arguments, io] in exit(await Jasonrun.main(arguments, io: io)) }
// dispatch's threads block signals, and a parent may start jasonrun with them blocked (one of dispatch's
// threads spawning it does): this thread takes the process's signals (Ctrl-C in the REPL, SIGTERM), as
// the parked main thread did.
var none = sigset_t()
sigemptyset(&none)
pthread_sigmask(SIG_SETMASK, &none, nil)
while true { pause() }
