import Foundation
import JasonRuntime

/// `file://` URLs are read from disk (Jasonette read them from the app bundle) within the folders `access`
/// allows; others go on to `next`. A document that came over http(s) reads no local file at all.
public struct FileTransport: HTTPTransport {
    package var next: any HTTPTransport
    package var access: FileAccess

    public init(next: any HTTPTransport, access: FileAccess = .anywhere) {
        self.next = next
        self.access = access
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        if request.url.hasPrefix("stdin:") {
            throw TransportError("a flow read from stdin has no folder: relative URL \(request.url.dropFirst(6)) "
                                 + "cannot be resolved (run the flow from a file, or write an absolute URL)")
        }
        guard request.url.lowercased().hasPrefix("file:"), let url = URL(string: request.url) else {
            return try await next.send(request)
        }
        switch access.contents(of: url.path, namedBy: request.origin, written: request.url) {
        case .success(let bytes): return HTTPResponse(status: 200, body: bytes)
        case .failure(let refusal): throw TransportError(refusal.description)
        }
    }
}
