import CJavaScriptCore
import Foundation

/// How big JavaScript's heap is, asked cheaply enough to ask often.
///
/// JavaScriptCore's statistics count every cell of the heap: on a heap of a few hundred MB one answer
/// takes tens of milliseconds, and asking before every evaluation made a 40,000-item render take minutes.
/// The heap lives in the process's memory, so while the whole process holds less than the limit the heap
/// does too, and one read of `/proc/self/statm` answers. Past that, the statistics are asked, at most
/// once per fifty times what the last answer cost, or sooner when the process has grown by a quarter of
/// the limit since (a program that keeps what it allocates outruns any fixed pace).
///
/// The statistics' `heapSize` counts only what the last collection found alive: a program that allocates
/// and keeps, between collections, is invisible to it (an agent holding 500 MB read 122 MB). What the heap
/// has taken from the system (`heapCapacity`) is never less than what it holds, so it answers when it is
/// under the limit; over it, a collection makes `heapSize` exact, and that decides.
struct HeapGauge {
    private var nextWalk: UInt64 = 0
    private var residentAtWalk = 0
    private var lastAnswer = false
    /// How many times the statistics were asked.
    private(set) var walks = 0

    mutating func isOver(_ limit: Int, context: JSGlobalContextRef) -> Bool {
        let resident = Self.residentBytes()
        if let resident, resident <= limit { return false }
        let now = monotonicNanos()
        let grown = (resident ?? 0) - residentAtWalk > limit / 4
        guard now >= nextWalk || grown else { return lastAnswer }
        walks += 1
        lastAnswer = Self.heapBytes(context, limit: limit) > limit
        residentAtWalk = resident ?? 0
        let cost = monotonicNanos() - now
        nextWalk = now + cost * 50
        return lastAnswer
    }

    /// The bytes the heap holds and the memory outside it that it owns (array buffers): what it has taken
    /// from the system while that is under `limit`, else what is alive after a full collection.
    static func heapBytes(_ context: JSGlobalContextRef, limit: Int) -> Int {
        let taken = statistics(context, ["heapCapacity", "extraMemorySize"])
        guard taken > limit else { return taken }
        JSSynchronousGarbageCollectForDebugging(context)
        return statistics(context, ["heapSize", "extraMemorySize"])
    }

    private static func statistics(_ context: JSGlobalContextRef, _ names: [String]) -> Int {
        guard let statistics = JSGetMemoryUsageStatistics(context) else { return 0 }
        var total = 0.0
        for name in names {
            let key = JSStringCreateWithUTF8CString(name)
            defer { JSStringRelease(key) }
            if let value = JSObjectGetProperty(context, statistics, key, nil) { total += JSValueToNumber(context, value, nil) }
        }
        return total.isFinite ? Int(min(total, 9e18)) : 0
    }

    /// The process's resident memory; nil where `/proc` is missing (then the statistics always answer).
    /// Read into the stack and parsed in place: it is asked before an evaluation every 10 ms.
    static func residentBytes() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let pages: Int? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            let count = read(fd, buffer.baseAddress, 64)
            guard count > 0 else { return nil }
            return residentPages(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        return pages.map { $0 * Int(sysconf(Int32(_SC_PAGESIZE))) }
    }

    /// The second field of `statm` ("size resident shared …"), in pages.
    static func residentPages(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let space = text.firstIndex(of: 0x20) else { return nil }
        var pages = 0, digits = 0
        for byte in text[(space + 1)...] {
            guard byte >= 0x30, byte <= 0x39 else { break }
            pages = pages &* 10 &+ Int(byte - 0x30)
            digits += 1
        }
        return digits > 0 && digits < 19 ? pages : nil
    }
}
