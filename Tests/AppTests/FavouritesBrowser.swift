import App
import Foundation
import Synchronization
import TestSupport

/// One browser against a running TestApp: keeps its cookies (the form token and, on a shared server, its
/// list id) and sends forms with its token and a same-origin `Origin`, as a real browser would.
final class FavouritesBrowser: Sendable {
    let app: TestApp
    private let jar = Mutex<[String: String]>([:])

    init(_ app: TestApp) { self.app = app }

    /// The cookie values it holds.
    var cookies: [String: String] { jar.withLock { $0 } }
    /// Its form token (after its first page).
    var token: String { cookies["trakx_form"] ?? "" }

    private func remember(_ response: RawResponse) {
        for line in response.headers("Set-Cookie") {
            guard let pair = line.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else { continue }
            jar.withLock { $0[String(pair[..<equals])] = String(pair[pair.index(after: equals)...]) }
        }
    }

    private var cookieHeader: [(String, String)] {
        let cookies = cookies
        guard !cookies.isEmpty else { return [] }
        return [("Cookie", cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))]
    }

    /// GET with its cookies.
    func get(_ target: String) async throws -> RawResponse {
        let response = try await RawHTTP.request("GET", target, port: app.port, headers: cookieHeader)
        remember(response)
        return response
    }

    /// A urlencoded form POST with its token and cookies (loads a page first when it has no token yet).
    func post(_ target: String, _ form: [(String, String)]) async throws -> RawResponse {
        if token.isEmpty { _ = try await get("/search") }
        let fields = [("token", token)] + form
        let body = fields.map { PercentEncodingForTests.encode($0.0) + "=" + PercentEncodingForTests.encode($0.1) }.joined(separator: "&")
        let response = try await RawHTTP.request("POST", target, port: app.port, headers: cookieHeader + [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://127.0.0.1:\(app.port)"),
        ], body: Array(body.utf8))
        remember(response)
        return response
    }

    /// Uploads `content` as a favourites file.
    func upload(_ content: String) async throws -> RawResponse {
        if token.isEmpty { _ = try await get("/search") }
        let boundary = "----trakx\(UUID().uuidString)"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n\(token)\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f.json\"\r\nContent-Type: application/json\r\n\r\n\(content)\r\n--\(boundary)--\r\n"
        let response = try await RawHTTP.request("POST", "/favourites/import", port: app.port, headers: cookieHeader + [
            ("Content-Type", "multipart/form-data; boundary=\(boundary)"), ("Origin", "http://127.0.0.1:\(app.port)"),
        ], body: Array(body.utf8))
        remember(response)
        return response
    }
}

extension TestApp {
    /// Starts Trakx as a shared server (`--shared`), with extra settings.
    static func shared(perMinute: Int = 1000, configure: @escaping (inout AppConfiguration) -> Void = { _ in },
                       _ body: (TestApp) async throws -> Void) async throws {
        try await with(configure: { configuration in
            configuration.sharedFavourites = true
            configuration.listsPerMinutePerAddress = perMinute
            configure(&configuration)
        }, body)
    }
}
