import Foundation
import HTTPClient
import HTTPServer
import Logging
import Testing

/// The client hands back the answer's header fields, and reads `Retry-After` as seconds or as a date.
struct ResponseHeaderTests {
    @Test(arguments: [("7", 7.0), ("0", 0), ("Fri, 27 Nov 2026 00:32:00 GMT", 120), ("soon", nil), ("-3", nil)])
    func retryAfterReadsSecondsAndHTTPDates(text: String, seconds: Double?) {
        let response = ClientResponse(status: 403, headers: [("retry-after", text)], body: [])
        #expect(response.retryAfter(now: Date(timeIntervalSince1970: 1_795_739_400)) == seconds)
        #expect(ClientResponse(status: 403, body: []).retryAfter(now: Date()) == nil)
    }

    /// Answers every request with a `Retry-After` among its headers.
    struct HeaderResponder: Responder {
        func respond(to request: Request) async -> Response {
            Response(status: 429, headers: [("Content-Type", "application/json"), ("Retry-After", "42")], body: Array("{}".utf8))
        }
    }

    @Test func theClientHandsBackTheAnswersHeaders() async throws {
        let server = HTTPServer(configuration: ServerConfiguration(port: 0), responder: HeaderResponder(), logger: Logger(label: "headers"))
        try server.start()
        let http = HTTPClient()
        let response = try await http.get("http://127.0.0.1:\(server.port)/v3/route_types")
        await http.shutdown()
        await server.shutdown(grace: 0.5)
        #expect(response.status == 429)
        #expect(response.header("retry-after") == "42")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.retryAfter(now: Date()) == 42)
    }
}
