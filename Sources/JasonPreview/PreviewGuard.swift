import Hummingbird
import Synchronization

/// The preview's trust boundary. The server listens on 127.0.0.1, but every web page the user opens can
/// reach that address, so: requests must name the preview itself as `Host` (no DNS rebinding), the
/// WebSocket must come from the preview's own page (`Origin`) and carry the per-run token printed with
/// the URL (as Jupyter's server does), and the page may not be framed or load scripts from elsewhere.
package final class PreviewGuard: Sendable {
    /// A random word, new for each run: only who sees the printed URL knows it.
    package let token: String
    /// Origins accepted besides the preview's own (the in-process tests' client sends its own).
    let otherOrigins: [String]
    private let boundPort = Atomic(0)

    package init(token: String = PreviewGuard.newToken(), otherOrigins: [String] = []) {
        self.token = token
        self.otherOrigins = otherOrigins
    }

    package static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }

    /// The port the server listens on, once it does.
    package var port: Int {
        get { boundPort.load(ordering: .acquiring) }
        set { boundPort.store(newValue, ordering: .releasing) }
    }

    /// The address to print and open.
    package var url: String { "http://127.0.0.1:\(port)/?token=\(token)" }

    /// The names the preview answers to: its own address and port, nothing else (browsers always send the
    /// port; a bare loopback name is harmless, since no other site can go by it).
    func allowsHost(_ authority: String?) -> Bool {
        guard let authority, port > 0 else { return false }
        return ["127.0.0.1:\(port)", "localhost:\(port)", "127.0.0.1", "localhost"].contains(authority.lowercased())
    }

    /// A page of the preview's own origin (one `Origin`, no more), with this run's token.
    func allowsSocket(origins: [String], token given: String?) -> Bool {
        guard origins.count == 1, let origin = origins.first?.lowercased(),
              ["http://127.0.0.1:\(port)", "http://localhost:\(port)"].contains(origin) || otherOrigins.contains(origin)
        else { return false }
        return Self.same(given ?? "", token)
    }

    /// A request of the page's own that carries this run's token (the local images it asks for).
    func allowsToken(_ given: String?) -> Bool { Self.same(given ?? "", token) }

    /// Compares without stopping at the first difference, so the time taken says nothing about the token.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Headers for every response: no framing by other sites, scripts only from the preview, the socket
    /// only to the preview, and no `Referer` (which would carry the token to the images a flow shows).
    var headers: HTTPFields {
        var fields = HTTPFields()
        let sockets = "ws://127.0.0.1:\(port) ws://localhost:\(port)"
        fields[.contentSecurityPolicy] = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data: blob: http: https:; media-src 'self' data: http: https:; connect-src 'self' \(sockets); "
            + "frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'"
        fields[.init("X-Frame-Options")!] = "DENY"
        fields[.xContentTypeOptions] = "nosniff"
        fields[.init("Referrer-Policy")!] = "no-referrer"
        return fields
    }

    /// Headers for an agent's page: sandboxed with scripts only (an opaque origin, so it reaches neither
    /// the preview's page nor its socket nor its files), framed only by the preview's page. Its scripts
    /// may use the network, as the phone's web view did.
    var agentFrameHeaders: HTTPFields {
        var fields = headers
        fields[.contentSecurityPolicy] = "sandbox allow-scripts; default-src 'none'; "
            + "script-src 'unsafe-inline' 'unsafe-eval' http: https:; style-src 'unsafe-inline' http: https:; "
            + "img-src data: blob: http: https:; font-src data: http: https:; media-src data: http: https:; "
            + "connect-src http: https: ws: wss:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"
        fields[.init("X-Frame-Options")!] = "SAMEORIGIN"
        return fields
    }
}

/// Refuses, on every route, a request whose `Host` is not the preview's own, and adds the guard's headers
/// to every answer.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    let guarding: PreviewGuard

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard guarding.allowsHost(request.head.authority) else {
            return refusal(.misdirectedRequest, "jasonrun preview answers only to 127.0.0.1:\(guarding.port) and localhost:\(guarding.port)\n")
        }
        var response: Response
        do { response = try await next(request, context) } catch let error as HTTPError {
            response = refusal(error.status, (error.body ?? error.status.reasonPhrase) + "\n")
        }
        let headers = request.uri.path.hasPrefix("/agent-frame/") ? guarding.agentFrameHeaders : guarding.headers
        for field in headers { response.headers[field.name] = field.value }
        return response
    }

    func refusal(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var headers = guarding.headers
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
