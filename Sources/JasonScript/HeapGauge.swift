import CJavaScriptCore
import Foundation

/// How big JavaScript's heap is, asked cheaply enough to ask often.
///
/// JavaScriptCore's statistics count every cell of the heap: on a heap of a few hundred MB one answer
/// takes tens of milliseconds, and asking before every evaluation made a 40,000-item render take minutes.
/// The heap lives in the process's memory, so while the whole process holds less than the limit the heap
/// does too, and one read of `/proc/self/statm` answers. Past that, the statistics are asked, at most
/// once per fifty times what the last answer cost.
struct HeapGauge {
    private var nextWalk: UInt64 = 0
    private var lastAnswer = false
    /// How many times the statistics were asked.
    private(set) var walks = 0

    mutating func isOver(_ limit: Int, context: JSGlobalContextRef) -> Bool {
        if let resident = Self.residentBytes(), resident <= limit { return false }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now >= nextWalk else { return lastAnswer }
        walks += 1
        lastAnswer = Self.heapBytes(context) > limit
        let cost = DispatchTime.now().uptimeNanoseconds - now
        nextWalk = now + cost * 50
        return lastAnswer
    }

    /// The heap's size and the memory outside it that it owns (array buffers), from JavaScriptCore.
    static func heapBytes(_ context: JSGlobalContextRef) -> Int {
        guard let statistics = JSGetMemoryUsageStatistics(context) else { return 0 }
        var total = 0.0
        for name in ["heapSize", "extraMemorySize"] {
            let key = JSStringCreateWithUTF8CString(name)
            defer { JSStringRelease(key) }
            if let value = JSObjectGetProperty(context, statistics, key, nil) { total += JSValueToNumber(context, value, nil) }
        }
        return total.isFinite ? Int(min(total, 9e18)) : 0
    }

    /// The process's resident memory; nil where `/proc` is missing (then the statistics always answer).
    static func residentBytes() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 64) }
        guard count > 0 else { return nil }
        let fields = buffer[..<count].split(separator: 0x20)
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
