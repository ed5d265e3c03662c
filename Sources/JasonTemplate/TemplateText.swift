import JasonJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The string tests and edits st.js makes while filling `{{ }}` (spec T1–T3), on UTF-8 bytes.
package enum TemplateText {
    struct Slot {
        var variable: String   // "{{expr}}"
        var expression: String // "expr"
        var offset: Int        // UTF-8 offset of "{{"
    }

    static let open: UInt8 = 0x7B, close: UInt8 = 0x7D, newline: UInt8 = 0x0A, carriage: UInt8 = 0x0D

    /// Every `{{…}}` in the string (`/\{\{(.*?)\}\}/g`): non-greedy, never across a line break.
    static func slots(in text: String) -> [Slot] {
        let bytes = Array(text.utf8)
        var slots: [Slot] = []
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == open, bytes[i + 1] == open else { i += 1; continue }
            var j = i + 2
            var end: Int? = nil
            while j + 1 < bytes.count + 1, j < bytes.count {
                if bytes[j] == newline || bytes[j] == carriage { break }
                if bytes[j] == close, j + 1 < bytes.count, bytes[j + 1] == close { end = j; break }
                j += 1
            }
            guard let end else { i += 1; continue }
            slots.append(Slot(variable: String(decoding: bytes[i..<end + 2], as: UTF8.self),
                              expression: String(decoding: bytes[i + 2..<end], as: UTF8.self), offset: i))
            i = end + 2
        }
        return slots
    }

    /// `^\{\{((?!\}\}).)*\}\}$`: the whole string is one expression.
    static func isWholeExpression(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { isWholeExpression($0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { isWholeExpression($0) }
    }

    static func isWholeExpression(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = b.count
        guard n >= 4, b[0] == open, b[1] == open, b[n - 2] == close, b[n - 1] == close else { return false }
        var i = 2
        while i < n - 2 {
            if b[i] == newline || b[i] == carriage { return false }
            if b[i] == close, b[i + 1] == close { return false }
            i += 1
        }
        return true
    }

    /// JavaScript's `String(value)`.
    static func jsString(_ value: JSON) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        // JavaScript holds every number as a double: past 2^53 an integer is rounded, as `{{id + ''}}` shows.
        case .int(let i): abs(i) <= 1 << 53 ? String(i) : JSNumber.format(Double(i))
        case .double(let d): JSNumber.format(d)
        case .string(let s): s
        case .array(let a): a.map { $0.isNull ? "" : jsString($0) }.joined(separator: ",")
        case .object: "[object Object]"
        }
    }

    /// `String.prototype.replace(pattern, replacement)` with a string pattern: the first occurrence only,
    /// and `$$`, `$&`, `` $` ``, `$'` in the replacement are interpreted (st.js relies on this, quirks included).
    static func replaceFirst(_ pattern: String, in text: String, with replacement: String) -> String {
        var text = text, pattern = pattern, replacement = replacement
        return text.withUTF8 { t in
            pattern.withUTF8 { p in
                replacement.withUTF8 { r in replaceFirst(p, in: t, with: r) } ?? String(decoding: t, as: UTF8.self)
            }
        }
    }

    static func replaceFirst(_ p: UnsafeBufferPointer<UInt8>, in t: UnsafeBufferPointer<UInt8>,
                             with r: UnsafeBufferPointer<UInt8>) -> String? {
        guard let at = firstIndex(of: p, in: t) else { return nil }
        let before = UnsafeBufferPointer(rebasing: t[..<at]), after = UnsafeBufferPointer(rebasing: t[(at + p.count)...])
        // Expanding `$&`, `` $` `` or `$'` can make the result longer than the replacement's bytes.
        let capacity = before.count + after.count + r.count * (r.contains(0x24) ? max(t.count, 2) : 1)
        return String(unsafeUninitializedCapacity: capacity) { out in
            var n = 0
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                if bytes.isEmpty { return }
                _ = UnsafeMutableBufferPointer(rebasing: out[n..<n + bytes.count]).initialize(from: bytes)
                n += bytes.count
            }
            put(before)
            var i = 0
            while i < r.count {
                if r[i] == 0x24, i + 1 < r.count {
                    switch r[i + 1] {
                    case 0x24: out[n] = 0x24; n += 1; i += 2; continue
                    case 0x26: put(p); i += 2; continue       // $&: the match
                    case 0x60: put(before); i += 2; continue  // $`: what precedes it
                    case 0x27: put(after); i += 2; continue   // $': what follows it
                    default: break
                    }
                }
                out[n] = r[i]
                n += 1
                i += 1
            }
            put(after)
            return n
        }
    }

    static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !needle.isEmpty else { return 0 }
        guard needle.count <= bytes.count else { return nil }
        let first = needle[0]
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == first, memcmp(bytes.baseAddress! + i, needle.baseAddress!, needle.count) == 0 { return i }
            i += 1
        }
        return nil
    }

    /// `/#include/.test(JSON.stringify(template))`.
    package static func mentionsInclude(_ template: JSON) -> Bool {
        switch template {
        case .string(let s): hasInclude(s)
        case .array(let a): a.contains(where: mentionsInclude)
        case .object(let o): o.contains { hasInclude($0.key) || mentionsInclude($0.value) }
        case .null, .bool, .int, .double: false
        }
    }

    /// `s.contains("#include")` on the bytes (this runs on every render of an uncompiled template).
    static func hasInclude(_ s: String) -> Bool {
        var s = s
        guard s.utf8.contains(UInt8(ascii: "#")) else { return false }
        return s.withUTF8 { bytes in
            "#include".utf8.withContiguousStorageIfAvailable { firstIndex(of: $0, in: bytes) != nil } ?? false
        }
    }

    /// `/\{\{([ ]*#include)[ ]*(.*)\}\}/` on an object key.
    static func isIncludeKey(_ key: String) -> Bool {
        key.contains("#include") && key.contains(/\{\{([ ]*#include)[ ]*(.*)\}\}/)
    }

    /// For a string holding `{{#include EXPR}}` (EXPR without spaces), the include's expression
    /// (empty when it has none); nil for any other string.
    static func includeString(_ text: String) -> String? {
        guard text.contains("#include"), text.contains(/\{\{([ ]*#include)[ ]*([^ ]*)\}\}/) else { return nil }
        return Directive(text)?.expression ?? ""
    }
}
