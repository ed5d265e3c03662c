import AsyncHTTPClient
import JasonRuntime
import NIOCore
import NIOHTTP1

/// The real network, through AsyncHTTPClient's shared client.
public struct HTTPClientTransport: HTTPTransport {
    /// Responses larger than this fail rather than fill the memory.
    public var maximumBodySize = 50 * 1024 * 1024
    public var defaultTimeout: Double = 60

    public init() {}

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let timeout = TimeAmount.milliseconds(Int64((request.timeout ?? defaultTimeout) * 1000))
        do {
            let response = try await HTTPClient.shared.execute(outgoing, timeout: timeout)
            let body = try await response.body.collect(upTo: maximumBodySize)
            return HTTPResponse(status: Int(response.status.code),
                                headers: response.headers.map { HTTPHeader($0.name, $0.value) },
                                body: Array(body.readableBytesView))
        } catch let error as NIOTooManyBytesError {
            _ = error
            throw TransportError("the response from \(request.url) is larger than \(maximumBodySize / 1_048_576) MB")
        } catch {
            throw TransportError("\(request.method) \(request.url) failed: \(error)")
        }
    }
}
