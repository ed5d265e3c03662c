import Foundation
import JasonRuntime

/// `file://` URLs are read from disk (Jasonette read them from the app bundle); others go on to `next`.
public struct FileTransport: HTTPTransport {
    public var next: any HTTPTransport

    public init(next: any HTTPTransport) {
        self.next = next
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard request.url.hasPrefix("file://"), let url = URL(string: request.url) else {
            return try await next.send(request)
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw TransportError("no such file: \(url.path)")
        }
        return HTTPResponse(status: 200, body: [UInt8](data))
    }
}
