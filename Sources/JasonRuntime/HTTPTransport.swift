import JasonJSON

/// One HTTP request as the network actions make it.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    public var url: String
    public var headers: [HTTPHeader]
    public var body: [UInt8]?
    /// Seconds before the request fails; nil for the transport's default.
    public var timeout: Double?
    /// The URL of the document that asks; a document that came over http(s) may not read `file://` URLs.
    package var origin: String?

    public init(method: String, url: String, headers: [HTTPHeader] = [], body: [UInt8]? = nil, timeout: Double? = nil,
                origin: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.origin = origin
    }

    package var bodyText: String? { body.map { String(decoding: $0, as: UTF8.self) } }
}

public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package var bodyText: String { String(decoding: body, as: UTF8.self) }

    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Why a request got no response (unreachable host, time-out, offline, no recorded exchange…).
public struct TransportError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Sends requests. The real network, stubs, recordings and files are all transports, stacked.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// `--offline`, and the default where no network is wired in: every request fails.
public struct OfflineTransport: HTTPTransport {
    public init() {}

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        throw TransportError("offline: nothing answers \(request.method) \(request.url) (add a stub for it to the --stubs file)")
    }
}
