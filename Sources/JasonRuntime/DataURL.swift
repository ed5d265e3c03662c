#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `data:` URLs (RFC 2397), which mixins and agents may be written as: the bytes they carry and their
/// media type, without any fetch.
package enum DataURL {
    /// Nil when `url` is not a well-formed `data:` URL.
    package static func decode(_ url: String) -> (mediaType: String, bytes: [UInt8])? {
        guard url.lowercased().hasPrefix("data:"), let comma = url.firstIndex(of: ",") else { return nil }
        let header = url[url.index(url.startIndex, offsetBy: 5)..<comma]
        let payload = String(url[url.index(after: comma)...])
        var parameters = header.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let isBase64 = parameters.last?.lowercased() == "base64"
        if isBase64 { parameters.removeLast() }
        let mediaType = parameters.first.flatMap { $0.isEmpty ? nil : $0 } ?? "text/plain"
        if isBase64 {
            guard let data = Data(base64Encoded: payload.removingPercentEncoding ?? payload,
                                  options: .ignoreUnknownCharacters) else { return nil }
            return (mediaType, [UInt8](data))
        }
        guard let text = payload.removingPercentEncoding else { return nil }
        return (mediaType, Array(text.utf8))
    }
}
