import Foundation
import HTTPServer
import Logging
import Testing
import TestSupport

/// Starts a real server on port 0 with a small router and static folder, runs `body`, then stops it.
func withTestServer(bodyLimit: Int = 1024, _ body: (HTTPServer, String) async throws -> Void) async throws {
    try await withTemporaryDirectory { folder in
        let publicFolder = folder + "/Public"
        try FileManager.default.createDirectory(atPath: publicFolder + "/css", withIntermediateDirectories: true)
        try "body { color: black }".write(toFile: publicFolder + "/css/site.css", atomically: true, encoding: .utf8)
        try "secret".write(toFile: folder + "/secret.txt", atomically: true, encoding: .utf8)
        var router = Router<BasicRequestContext>()
        router.get("/") { _, _ in page("<!doctype html><html lang=\"en-AU\"><title>Home</title><h1>Home</h1></html>") }
        router.get("/stops/{mode}/{id}") { _, context in Response.text("\(try context.require("mode")) \(try context.require("id"))") }
        router.post("/echo") { request, _ in
            Response.text((request.formItems ?? []).map { "\($0.0)=\($0.1)" }.joined(separator: ";"))
        }
        router.get("/slow") { _, _ in
            try await Task.sleep(for: .milliseconds(500))
            return Response.text("slow done")
        }
        let responder = RouterResponder(
            router: router, staticFiles: try StaticFiles(directory: publicFolder), logger: Logger(label: "test"),
            renderError: { error, _ in page("<h1>\(HTTPError.reason(error.status))</h1>", status: error.status) })
        let server = HTTPServer(configuration: ServerConfiguration(port: 0, bodyLimit: bodyLimit), responder: responder,
                                logger: Logger(label: "test"))
        try await withRunning(server) { server in try await body(server, folder) }
    }
}

struct ServerTests {
    @Test func servesRouteOnEphemeralPort() async throws {
        try await withTestServer { server, _ in
            #expect(server.port != 0)
            let response = try await RawHTTP.request("GET", "/", port: server.port)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(response.text.contains("<h1>Home</h1>"))
        }
    }

    @Test func headAnswersLikeGetWithoutBody() async throws {
        try await withTestServer { server, _ in
            let response = try await RawHTTP.request("HEAD", "/", port: server.port)
            #expect(response.status == 200)
            #expect(response.body.isEmpty)
            #expect(Int(response.header("Content-Length") ?? "") ?? 0 > 0)
        }
    }

    @Test func unknownPathIs404Page() async throws {
        try await withTestServer { server, _ in
            let response = try await RawHTTP.request("GET", "/nowhere", port: server.port)
            #expect(response.status == 404)
            #expect(response.text.contains("Page not found"))
        }
    }

    @Test func wrongMethodIs405WithAllow() async throws {
        try await withTestServer { server, _ in
            let response = try await RawHTTP.request("DELETE", "/", port: server.port)
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
            let post = try await RawHTTP.request("GET", "/echo", port: server.port)
            #expect(post.status == 405)
            #expect(post.header("Allow") == "POST")
        }
    }

    @Test func pathParametersAreDecoded() async throws {
        try await withTestServer { server, _ in
            let response = try await RawHTTP.request("GET", "/stops/night-bus/12%2034", port: server.port)
            #expect(response.text == "night-bus 12 34")
        }
    }

    @Test func staticFileHasTypeAndValidators() async throws {
        try await withTestServer { server, _ in
            let response = try await RawHTTP.request("GET", "/static/css/site.css", port: server.port)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/css; charset=utf-8")
            let etag = try #require(response.header("ETag"))
            #expect(response.header("Last-Modified") != nil)
            let again = try await RawHTTP.request("GET", "/static/css/site.css", port: server.port, headers: [("If-None-Match", etag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
        }
    }

    @Test(arguments: [
        "/static/../secret.txt", "/static/%2e%2e/secret.txt", "/static/%2E%2E/secret.txt", "/static/css/../../secret.txt",
        "/static//etc/passwd", "/static/%2Fetc%2Fpasswd", "/static/css/site.css%00.txt", "/static/..%2Fsecret.txt",
        "/static/css%5C..%5C..%5Csecret.txt", "/static/./css/site.css",
    ])
    func traversalIsRefused(target: String) async throws {
        try await withTestServer { server, _ in
            let response = try await RawHTTP.request("GET", target, port: server.port)
            #expect(response.status == 400 || response.status == 404)
            #expect(!response.text.contains("secret"))
            #expect(!response.text.contains("root:"))
        }
    }

    @Test func formBodyIsParsed() async throws {
        try await withTestServer { server, _ in
            let body = Array("name=Home+stop&stop_id=1071&note=caf%C3%A9%20%26%20more".utf8)
            let response = try await RawHTTP.request("POST", "/echo", port: server.port,
                                               headers: [("Content-Type", "application/x-www-form-urlencoded")], body: body)
            #expect(response.status == 200)
            #expect(response.text == "name=Home stop;stop_id=1071;note=café & more")
        }
    }

    @Test func oversizedBodyIs413() async throws {
        try await withTestServer(bodyLimit: 100) { server, _ in
            let body = Array(repeating: UInt8(ascii: "a"), count: 5000)
            let response = try await RawHTTP.request("POST", "/echo", port: server.port,
                                               headers: [("Content-Type", "application/x-www-form-urlencoded")], body: body)
            #expect(response.status == 413)
            let fits = try await RawHTTP.request("POST", "/echo", port: server.port,
                                           headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array("a=1".utf8))
            #expect(fits.status == 200)
        }
    }

    @Test func badEscapeInQueryIs400() async throws {
        try await withTestServer { server, _ in
            let badEscape = try await RawHTTP.request("GET", "/?q=%zz", port: server.port)
            let badUTF8 = try await RawHTTP.request("GET", "/?q=%ff%fe", port: server.port)
            #expect(badEscape.status == 400)
            #expect(badUTF8.status == 400)
        }
    }

    @Test func stopFinishesInFlightRequests() async throws {
        try await withTemporaryDirectory { _ in
            // The handler is held until the test lets it go, so the request is surely in flight at shutdown
            // however loaded the machine is (no fixed sleeps standing in for "long enough").
            let release = Gate()
            var router = Router<BasicRequestContext>()
            router.get("/slow") { _, _ in
                await release.wait()
                return Response.text("slow done")
            }
            let responder = RouterResponder(router: router, logger: Logger(label: "test"),
                                            renderError: { error, _ in Response.text(error.message, status: error.status) })
            let server = HTTPServer(configuration: ServerConfiguration(port: 0), responder: responder, logger: Logger(label: "test"))
            try server.start()
            let port = server.port
            let pending = Task.detached { try await RawHTTP.request("GET", "/slow", port: port) }
            for _ in 0 ..< 3000 where server.activeRequests == 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(server.activeRequests == 1)
            let stopping = Task { await server.shutdown() }
            try await Task.sleep(for: .milliseconds(100))
            #expect(server.activeRequests == 1, "shutdown dropped the request in flight")
            release.open()
            await stopping.value
            let response = try await pending.value
            #expect(response.status == 200)
            #expect(response.text == "slow done")
            await #expect(throws: (any Error).self) { try await RawHTTP.request("GET", "/slow", port: port, headers: []) }
        }
    }
}

/// A `text/html` response (the server itself knows no HTML; the app's pages are made in App).
private func page(_ html: String, status: Int = 200) -> Response {
    Response(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(html.utf8))
}
