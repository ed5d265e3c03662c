import AsyncHTTPClient
import JasonJSON
import JasonRuntime
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// Why a real request failed, in words a user can act on instead of the library's dump
/// (`HTTPClientError.deadlineExceeded`, `… (errno: 111)`).
enum TransportFailure {
    static func describe(_ error: any Error, _ request: HTTPRequest, timeout: Double, limit: Int) -> String {
        let target = "\(request.method) \(request.url)"
        let seconds = JSNumber.format(timeout)
        if let reason = reason(error, url: request.url, limit: limit) {
            return "\(target) failed: \(reason)"
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout:
                return "\(target) timed out after \(seconds) s"
            default: break
            }
        }
        return "\(target) failed: \(error)"
    }

    /// The sentence for an error we recognise, or nil.
    static func reason(_ error: any Error, url: String, limit: Int) -> String? {
        let place = hostAndPort(url)
        switch error {
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "no such host \(error.host)" }
            if let first = error.connectionErrors.first {
                return reason(first.error, url: url, limit: limit) ?? "cannot connect to \(error.host):\(error.port)"
            }
            return "cannot connect to \(error.host):\(error.port)"
        case let error as SocketAddressError.UnknownHost:
            return "no such host \(error.host)"
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED: return "connection refused by \(place)"
            case ECONNRESET: return "the connection to \(place) was reset"
            case EHOSTUNREACH, ENETUNREACH: return "\(place) cannot be reached"
            default: return nil
            }
        case let error as ChannelError:
            if case .connectTimeout = error { return "no connection to \(place) within the time allowed" }
            return nil
        case let error as HTTPParserError:
            return "\(place) " + malformed(error)
        case let error as NIOHTTPDecompression.DecompressionError:
            if case .limit = error {
                return "the response body grew past the \(limit / 1_048_576) MB limit while being decompressed (a compression bomb?)"
            }
            return "the response is not validly compressed"
        case let error as HTTPClientError:
            switch error {
            case .remoteConnectionClosed: return "\(place) closed the connection before the response was complete"
            case .redirectLimitReached: return "too many redirects"
            case .redirectCycleDetected: return "the redirects go round in a circle"
            case .emptyHost, .invalidURL, .emptyScheme: return "not a URL that can be fetched"
            default:
                if error == .unsupportedScheme(schemeOf(url)) { return "\(schemeOf(url)): URLs cannot be fetched" }
                return nil
            }
        default:
            return nil
        }
    }

    /// What the HTTP parser found wrong, after the server's name.
    static func malformed(_ error: HTTPParserError) -> String {
        switch error {
        case .invalidConstant, .invalidVersion, .invalidStatus: "did not answer in HTTP (a bad status line)"
        case .invalidEOFState, .closedConnection: "closed the connection before the response was complete"
        case .headerOverflow: "sent a response head too large to read (more than 80 KB of headers)"
        case .invalidHeaderToken, .invalidCharactersUsed, .lfExpected: "sent a malformed header line"
        case .invalidContentLength, .unexpectedContentLength: "sent an invalid Content-Length header"
        case .invalidChunkSize: "sent a chunked body with a malformed chunk size"
        case .trailingGarbage: "sent more bytes after the end of the response"
        default: "sent a malformed HTTP response"
        }
    }

    static func schemeOf(_ url: String) -> String {
        String(url.prefix { $0 != ":" })
    }

    /// `host:port` of a URL, with the scheme's default port.
    static func hostAndPort(_ url: String) -> String {
        let host = URLText.host(of: url) ?? url
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            return host + ":" + authority[authority.index(after: colon)...]
        }
        return host + (url.lowercased().hasPrefix("https:") ? ":443" : ":80")
    }
}
