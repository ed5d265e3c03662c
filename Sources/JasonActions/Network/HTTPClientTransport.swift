import AsyncHTTPClient
import JasonJSON
import JasonRuntime
import NIOCore
import NIOHTTP1

/// The real network, through AsyncHTTPClient.
public struct HTTPClientTransport: HTTPTransport {
    /// Responses larger than this fail rather than fill the memory.
    package var maximumBodySize = 50 * 1024 * 1024
    /// Seconds the whole exchange may take (connection, head and body) when the request names none.
    package var defaultTimeout: Double = 60
    /// The longest timeout accepted, whatever the request asks.
    package static let longestTimeout: Double = 86_400

    public init() {}

    /// One client for the process, configured to fail at once when nothing listens (the shared client retries
    /// a refused connection until its deadline) and to bound what a compressed body may grow to.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.timeout = .init(connect: .seconds(10), read: nil)
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.decompression = .enabled(limit: .size(50 * 1024 * 1024))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let seconds = request.timeout ?? defaultTimeout
        guard seconds.isFinite, seconds > 0, seconds <= Self.longestTimeout else {
            throw TransportError("\(request.method) \(request.url): a timeout must be more than 0 and at most "
                                 + "\(JSNumber.format(Self.longestTimeout)) seconds, not \(JSNumber.format(seconds))")
        }
        let limit = maximumBodySize
        do {
            // The deadline given to the client bounds the connection and the head only; the race bounds the body too.
            return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
                group.addTask { try await Self.exchange(request, seconds: seconds, limit: limit) }
                group.addTask {
                    try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else { throw HTTPClientError.deadlineExceeded }
                return response
            }
        } catch let error as NIOTooManyBytesError {
            _ = error
            throw TransportError("the response from \(request.url) is larger than \(limit / 1_048_576) MB")
        } catch {
            throw TransportError(TransportFailure.describe(error, request, timeout: seconds, limit: limit))
        }
    }

    static func exchange(_ request: HTTPRequest, seconds: Double, limit: Int) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(outgoing, timeout: .milliseconds(Int64(seconds * 1000)))
        let body = try await response.body.collect(upTo: limit)
        return HTTPResponse(status: Int(response.status.code),
                            headers: response.headers.map { HTTPHeader($0.name, $0.value) },
                            body: Array(body.readableBytesView))
    }
}
