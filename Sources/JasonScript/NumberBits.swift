import CJavaScriptCore

/// Reads a number result from its value reference's bits, without entering the engine: every API call
/// takes the engine's lock, and taking it was most of what converting a number cost (the engine-bound
/// loop converts one every round). On 64-bit builds JavaScriptCore encodes a number in the reference
/// itself, an int32 under the number tag and a double offset by 2^49. The encoding is the engine's own
/// business, so it is tried on known numbers when the context is made; if any comes out different,
/// numbers are read through the API as before.
struct NumberBits {
    private static let numberTag: UInt64 = 0xfffe_0000_0000_0000
    private static let doubleOffset: UInt64 = 1 << 49
    private static let samples: [Double] = [0, 7, -3, 1.5, -0.0, 2_147_483_647, 2_147_483_648, -2_147_483_649,
                                            1e300, -.leastNonzeroMagnitude, .infinity, -.infinity, 0x1p53 + 2]

    /// Whether the bits gave every sample back exactly.
    let agrees: Bool

    init(context: JSContextRef) {
        agrees = Self.samples.allSatisfy { sample in
            guard let value = JSValueMakeNumber(context, sample), let read = Self.decode(value) else { return false }
            return read.bitPattern == sample.bitPattern
        } && JSValueMakeNumber(context, .nan).flatMap(Self.decode)?.isNaN == true
    }

    /// The number `value` holds; nil when the bits cannot be read (then the caller asks the engine).
    /// Only for values the engine says are numbers.
    func number(_ value: JSValueRef) -> Double? {
        agrees ? Self.decode(value) : nil
    }

    private static func decode(_ value: JSValueRef) -> Double? {
        let bits = UInt64(UInt(bitPattern: Int(bitPattern: value)))
        if bits & numberTag == numberTag { return Double(Int32(truncatingIfNeeded: bits)) }
        guard bits & numberTag != 0 else { return nil }
        return Double(bitPattern: bits &- doubleOffset)
    }
}
