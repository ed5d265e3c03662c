import JasonJSON

/// Compact JSON text as UTF-8 bytes, NUL-terminated, for handing a large value to JavaScriptCore's JSON
/// parser. Appending bytes to one buffer is several times faster than building a `String`, and a
/// value resident in the engine is converted this way in one go.
enum JSONBytes {
    static func nulTerminated(_ value: JSON) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out)
        out.append(0)
        return out
    }

    static func write(_ value: JSON, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): writeInt(i, into: &out)
        // Only the engine's parser reads this: Swift's shortest round-trip digits give the same double.
        case .double(let d): out.append(contentsOf: (d.isFinite ? d.description : "null").utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeInt(_ value: Int, into out: inout [UInt8]) {
        if value >= 0 && value < 10 { out.append(UInt8(ascii: "0") + UInt8(value)); return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value.magnitude
            var i = digits.count
            repeat {
                i -= 1
                digits[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
        }
    }

    static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A string with its quotes; runs of bytes that need no escape are copied at once.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        var s = s
        out.append(UInt8(ascii: "\""))
        s.withUTF8 { bytes in
            var start = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                start = i + 1
                if byte < 0x20 {
                    out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                            hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                } else {
                    out.append(UInt8(ascii: "\\"))
                    out.append(byte)
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
