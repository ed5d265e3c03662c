import JasonJSON

/// Keys written twice in one object. The parser keeps the last one, as JSONSerialization did, so the
/// first is silently lost; this pass over the source bytes finds them. It runs only on text that has
/// already parsed, so it can skip rather than validate.
enum DuplicateKeys {
    struct Found: Hashable {
        var key: String
        /// The byte offset of the repeated key's opening quote.
        var offset: Int
        var pointer: JSONPointer
    }

    static func find(in file: SourceFile) -> [Found] {
        file.bytes.withUnsafeBufferPointer { bytes in
            var scan = Scan(bytes: bytes)
            scan.value()
            return scan.found
        }
    }

    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var found: [Found] = []
        var trail = PointerTrail()

        mutating func value() {
            skipSpace()
            guard i < bytes.count else { return }
            switch bytes[i] {
            case UInt8(ascii: "{"): object()
            case UInt8(ascii: "["): array()
            case UInt8(ascii: "\""): _ = string()
            default:
                while i < bytes.count, !Self.ends(bytes[i]) { i += 1 }
            }
        }

        mutating func object() {
            i += 1
            var seen = Set<String>()
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { i += 1; return }  // `}`
                let start = i
                let key = string()
                trail.push(key)
                if !seen.insert(key).inserted { found.append(Found(key: key, offset: start, pointer: trail.pointer)) }
                skipSpace()
                i += 1  // `:`
                value()
                trail.pop()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { i += 1; return }
                i += 1
            }
        }

        mutating func array() {
            i += 1
            var index = 0
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] != UInt8(ascii: "]") else { i += 1; return }
                trail.push(index)
                value()
                trail.pop()
                index += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { i += 1; return }
                i += 1
            }
        }

        /// The string starting at `i` (its quote), decoded; `i` ends past its closing quote.
        mutating func string() -> String {
            let start = i
            i += 1
            var escaped = false
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\") { escaped = true; i += 1 }
                i += 1
            }
            i += 1
            let raw = String(decoding: bytes[start..<min(i, bytes.count)], as: UTF8.self)
            guard escaped else { return String(raw.dropFirst().dropLast()) }
            return (try? JSONParser.parse(raw))?.stringValue ?? String(raw.dropFirst().dropLast())
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        static func ends(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }
    }
}
