import CFuzzDriver
import Dispatch

/// Hands the process arguments to libFuzzer and calls `body` once per input; returns libFuzzer's exit
/// status. A crash inside `body` (a trap, a sanitizer report) is what libFuzzer records as a finding.
package func runFuzzer(_ body: @escaping @Sendable ([UInt8]) -> Void) -> Int32 {
    let box = CallbackBox(body)
    FuzzInput.current = box
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        FuzzInput.current?.body(bytes)
        return 0
    }
}

/// Runs async work to its end from libFuzzer's synchronous callback (which runs on the main thread, not
/// on the cooperative pool, so blocking it is safe).
package func waitFor(_ work: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await work()
        done.signal()
    }
    done.wait()
}

final class CallbackBox: Sendable {
    let body: @Sendable ([UInt8]) -> Void
    init(_ body: @escaping @Sendable ([UInt8]) -> Void) { self.body = body }
}

/// The callback libFuzzer calls is a C function pointer and cannot capture, so the body waits here.
enum FuzzInput {
    nonisolated(unsafe) static var current: CallbackBox?
}
