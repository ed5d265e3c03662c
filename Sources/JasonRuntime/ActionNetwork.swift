#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JasonJSON

/// The network an action may use (and `file://` URLs, stubs, recordings): requests go through the
/// run's transport, never around it, and the view's URL is their origin.
public struct ActionNetwork: Sendable {
    let workspace: ViewWorkspace

    public var transport: any HTTPTransport { workspace.environment.transport }
    /// The view's URL: the origin of its requests and the base of relative URLs.
    public var url: String { workspace.url }

    /// A URL written in the document, made absolute (DESIGN §3): relative to this view's URL, and
    /// `file://name` (the app bundle on the phone) relative to the folder of the first document.
    public func absoluteURL(_ written: String) -> String {
        Self.absoluteURL(written, from: workspace.url, first: workspace.firstURL)
    }

    /// GETs `url` through the transport for the action `type`: a transport failure or a status other than
    /// 2xx is the action's failure, `{"message", "type", "url"}` (with `"status"` for an HTTP error).
    public func fetch(_ url: String, for type: String) async throws(ActionFailure) -> HTTPResponse {
        try await Self.fetch(url, for: type, through: transport, from: workspace.url)
    }

    package static func absoluteURL(_ written: String, from base: String, first firstURL: String) -> String {
        var written = written
        var base = base
        if written.hasPrefix("file://"), !written.hasPrefix("file:///") {
            written.removeFirst("file://".count)
            base = firstURL
        }
        if let url = URL(string: written), url.scheme != nil { return written }
        guard let baseURL = URL(string: base), baseURL.scheme != nil,
              let resolved = URL(string: written, relativeTo: baseURL) else { return written }
        return resolved.absoluteString
    }

    /// The same for what a document fetched from `origin` names (an agent page's scripts): `origin`, not
    /// the view, decides what it may read.
    package static func fetch(_ url: String, for type: String, through transport: any HTTPTransport, from origin: String)
        async throws(ActionFailure) -> HTTPResponse
    {
        if let data = DataURL.decode(url) {
            return HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", data.mediaType)], body: data.bytes)
        }
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(method: "GET", url: url, origin: origin))
        } catch {
            throw ActionFailure(payload: ["message": .string(error.description), "type": .string(type), "url": .string(url)])
        }
        guard (200..<300).contains(response.status) else {
            throw ActionFailure(payload: ["message": .string("\(url) answered HTTP \(response.status)"),
                                          "type": .string(type), "url": .string(url), "status": .int(response.status)])
        }
        return response
    }
}
