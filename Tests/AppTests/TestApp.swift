import App
import Foundation
import HTTPServer
import Logging
import TestSupport

/// A fixed Melbourne time for deterministic pages: Saturday 21 November 2026, 8:30 am AEDT.
let fixedNow = Date(timeIntervalSince1970: 1_795_728_600)

/// A running Trakx (real server on port 0, real SQLite file, built-in simulator over loopback).
struct TestApp: Sendable {
    let app: TrakxApp
    let folder: String
    var port: UInt16 { app.server.port }

    /// Starts Trakx in a temporary folder, runs `body`, then stops it.
    static func with(now: Date? = fixedNow, logger: Logger? = nil, configure: (inout AppConfiguration) -> Void = { _ in },
                     _ body: (TestApp) async throws -> Void) async throws {
        try await withTemporaryDirectory { folder in
            var configuration = AppConfiguration(
                server: ServerConfiguration(port: 0), databasePath: folder + "/trakx.sqlite",
                templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public",
                simulatorSeed: 7, fixedNow: now, upstreamTimeout: 3)
            configure(&configuration)
            var quiet = Logger(label: "trakx-test")
            quiet.logLevel = .warning
            let app = try buildApplication(configuration: configuration, logger: logger ?? quiet)
            do {
                try app.start()
                try await body(TestApp(app: app, folder: folder))
            } catch {
                await app.shutdown()
                throw error
            }
            await app.shutdown()
        }
    }

    /// GET (or another method) with the right Host header.
    func get(_ target: String, method: String = "GET", headers: [(String, String)] = []) async throws -> RawResponse {
        try await RawHTTP.request(method, target, port: port, headers: headers)
    }

    /// A form token and its cookie, as a browser would hold them after loading any page.
    func session() async throws -> (token: String, cookie: String) {
        let page = try await get("/favourites")
        let cookie = try require_(page.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
        let token = String(cookie.split(separator: "=")[1])
        return (token, cookie)
    }

    /// POSTs a urlencoded form as a same-origin browser would (token, cookie and Origin).
    func post(_ target: String, form: [(String, String)], session: (token: String, cookie: String)? = nil,
              origin: String? = nil) async throws -> RawResponse {
        let fresh: (token: String, cookie: String)
        if let session { fresh = session } else { fresh = try await self.session() }
        let session = fresh
        let fields = [("token", session.token)] + form
        let body = fields.map { PercentEncodingForTests.encode($0.0) + "=" + PercentEncodingForTests.encode($0.1) }.joined(separator: "&")
        return try await RawHTTP.request("POST", target, port: port, headers: [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", session.cookie),
            ("Origin", origin ?? "http://127.0.0.1:\(port)"),
        ], body: Array(body.utf8))
    }
}

/// Throws when nil (a `#require` usable outside test functions).
func require_<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw TestFailure("missing \(what)") }
    return value
}

/// A failure in a test helper.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Form encoding for test requests.
enum PercentEncodingForTests {
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

/// Checks the skeleton every page must have; returns the problems found.
func pageProblems(_ html: String) -> [String] {
    var problems: [String] = []
    if !html.contains("<html lang=\"en-AU\">") { problems.append("no lang") }
    if !html.contains("<a class=\"skip-link\" href=\"#main-content\">") { problems.append("no skip link") }
    if !html.contains("<main id=\"main-content\" tabindex=\"-1\">") { problems.append("no main target") }
    if html.components(separatedBy: "<h1").count != 2 { problems.append("not exactly one h1") }
    if !html.contains("aria-label=\"Main\"") || !html.contains("<nav ") { problems.append("no nav") }
    if !html.contains(" – Trakx</title>") { problems.append("no title") }
    return problems
}
