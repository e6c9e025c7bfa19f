import Foundation
import Synchronization

/// One browser against a running server: keeps the cookies it is given (the form token and, on a shared
/// server, its list id) and sends forms with its token and a same-origin `Origin`, as a real browser would.
public final class Browser: Sendable {
    /// The server's port.
    public let port: UInt16
    /// Headers it sends with every request (e.g. a proxy's `X-Forwarded-For`).
    public let headers: [(String, String)]
    private let jar = Mutex<[String: String]>([:])

    /// A browser with no cookies yet.
    /// - Parameters:
    ///   - port: The server's port on 127.0.0.1.
    ///   - headers: Headers to send with every request.
    public init(port: UInt16, headers: [(String, String)] = []) {
        self.port = port
        self.headers = headers
    }

    /// The cookie values it holds, by name.
    public var cookies: [String: String] { jar.withLock { $0 } }

    /// Its form token (empty until a page set it).
    public var token: String { cookies["trakx_form"] ?? "" }

    /// The `Cookie` header it sends ("" with no cookies).
    public var cookie: String {
        cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    }

    /// Its own origin, as the `Origin` header of a form it sends.
    public var origin: String { "http://127.0.0.1:\(port)" }

    /// GET with its cookies.
    /// - Parameter target: Request target.
    public func get(_ target: String) async throws -> RawResponse {
        remember(try await RawHTTP.request("GET", target, port: port, headers: cookieHeader))
    }

    /// GET with its cookies, blocking the calling thread (plain threads only).
    /// - Parameter target: Request target.
    public func getBlocking(_ target: String) throws -> RawResponse {
        let bytes = RawHTTP.message("GET", target, host: "127.0.0.1:\(port)", headers: cookieHeader)
        return remember(try RawHTTP.exchange(bytes, port: port, timeout: RawHTTP.patience))
    }

    /// A urlencoded form POST with its token, cookies and `Origin` (loads `/search` first when it has no token).
    /// - Parameters:
    ///   - target: Request target.
    ///   - form: Fields after the token, in order.
    ///   - origin: Another `Origin` to claim (a cross-site form).
    public func post(_ target: String, form: [(String, String)], origin: String? = nil) async throws -> RawResponse {
        if token.isEmpty { _ = try await get("/search") }
        let body = Self.urlencoded([("token", token)] + form)
        return remember(try await RawHTTP.request("POST", target, port: port, headers: cookieHeader + [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Origin", origin ?? self.origin),
        ], body: Array(body.utf8)))
    }

    /// Uploads `content` as the `file` field of a multipart form, with its token.
    /// - Parameters:
    ///   - content: The file's text.
    ///   - target: Request target.
    public func upload(_ content: String, to target: String = "/favourites/import") async throws -> RawResponse {
        if token.isEmpty { _ = try await get("/search") }
        let boundary = "----trakx\(UUID().uuidString)"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n\(token)\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f.json\"\r\nContent-Type: application/json\r\n\r\n\(content)\r\n--\(boundary)--\r\n"
        return remember(try await RawHTTP.request("POST", target, port: port, headers: cookieHeader + [
            ("Content-Type", "multipart/form-data; boundary=\(boundary)"), ("Origin", origin),
        ], body: Array(body.utf8)))
    }

    /// Form-encodes fields (`application/x-www-form-urlencoded`, every non-alphanumeric escaped).
    /// - Parameter fields: Names and values, in order.
    public static func urlencoded(_ fields: [(String, String)]) -> String {
        func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }
        return fields.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    private var cookieHeader: [(String, String)] {
        let cookie = cookie
        return cookie.isEmpty ? headers : headers + [("Cookie", cookie)]
    }

    @discardableResult
    private func remember(_ response: RawResponse) -> RawResponse {
        for line in response.headers("Set-Cookie") {
            guard let pair = line.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else { continue }
            jar.withLock { $0[String(pair[..<equals])] = String(pair[pair.index(after: equals)...]) }
        }
        return response
    }
}
